import type { MailLanguage } from '../mail/mail.texts'

/** The appointment mails (issue 24), kept beside their module; mail.templates.ts takes them from here. */
export const APPOINTMENT_TEMPLATES = [
  'appointment-booked',
  'appointment-updated',
  'appointment-cancelled',
  'appointment-reminder',
] as const
export type AppointmentTemplate = (typeof APPOINTMENT_TEMPLATES)[number]

export interface AppointmentTexts {
  templates: Record<AppointmentTemplate, { subject: string; body: string }>
  /** {{soon}} of a reminder: the day before, the hour before. */
  soon: { day: string; hour: string }
}

/*
 * Placeholders: {{when}} (date and time in the office's zone, named, written in the language),
 * {{office}}, {{where}} (office and cabin, or the meeting link of a virtual appointment), {{purpose}},
 * {{link}} (absolute), {{soon}}.
 */
export const APPOINTMENT_TEXTS: Record<MailLanguage, AppointmentTexts> = {
  en: {
    templates: {
      'appointment-booked': {
        subject: 'Appointment confirmed: {{when}}',
        body: 'Your appointment at {{office}} is booked.\n\nWhen: {{when}}\nWhere: {{where}}\nPurpose: {{purpose}}\n\nThe calendar invitation is attached. See or change your appointments here:\n{{link}}',
      },
      'appointment-updated': {
        subject: 'Appointment moved: {{when}}',
        body: 'Your appointment at {{office}} has been moved.\n\nNew time: {{when}}\nWhere: {{where}}\nPurpose: {{purpose}}\n\nThe updated calendar invitation is attached. See your appointments here:\n{{link}}',
      },
      'appointment-cancelled': {
        subject: 'Appointment cancelled: {{when}}',
        body: 'Your appointment at {{office}} on {{when}} has been cancelled.\n\nThe attached calendar file removes it from your calendar. Book another time here:\n{{link}}',
      },
      'appointment-reminder': {
        subject: 'Reminder: your appointment {{soon}}',
        body: 'This is a reminder of your appointment at {{office}} {{soon}}.\n\nWhen: {{when}}\nWhere: {{where}}\nPurpose: {{purpose}}\n\nSee your appointments here:\n{{link}}',
      },
    },
    soon: { day: 'tomorrow', hour: 'in one hour' },
  },
  fr: {
    templates: {
      'appointment-booked': {
        subject: 'Rendez-vous confirmé : {{when}}',
        body: 'Votre rendez-vous à {{office}} est réservé.\n\nQuand : {{when}}\nOù : {{where}}\nObjet : {{purpose}}\n\nL’invitation pour votre agenda est jointe. Consultez ou modifiez vos rendez-vous ici :\n{{link}}',
      },
      'appointment-updated': {
        subject: 'Rendez-vous déplacé : {{when}}',
        body: 'Votre rendez-vous à {{office}} a été déplacé.\n\nNouvel horaire : {{when}}\nOù : {{where}}\nObjet : {{purpose}}\n\nL’invitation mise à jour est jointe. Consultez vos rendez-vous ici :\n{{link}}',
      },
      'appointment-cancelled': {
        subject: 'Rendez-vous annulé : {{when}}',
        body: 'Votre rendez-vous à {{office}} du {{when}} a été annulé.\n\nLe fichier joint le retire de votre agenda. Réservez un autre créneau ici :\n{{link}}',
      },
      'appointment-reminder': {
        subject: 'Rappel : votre rendez-vous {{soon}}',
        body: 'Nous vous rappelons votre rendez-vous à {{office}} {{soon}}.\n\nQuand : {{when}}\nOù : {{where}}\nObjet : {{purpose}}\n\nConsultez vos rendez-vous ici :\n{{link}}',
      },
    },
    soon: { day: 'demain', hour: 'dans une heure' },
  },
  zh: {
    templates: {
      'appointment-booked': {
        subject: '预约已确认：{{when}}',
        body: '您在{{office}}的预约已成功。\n\n时间：{{when}}\n地点：{{where}}\n目的：{{purpose}}\n\n日历邀请已附上。在此查看或更改您的预约：\n{{link}}',
      },
      'appointment-updated': {
        subject: '预约已改期：{{when}}',
        body: '您在{{office}}的预约已改期。\n\n新时间：{{when}}\n地点：{{where}}\n目的：{{purpose}}\n\n更新后的日历邀请已附上。在此查看您的预约：\n{{link}}',
      },
      'appointment-cancelled': {
        subject: '预约已取消：{{when}}',
        body: '您在{{office}}于{{when}}的预约已取消。\n\n附件中的日历文件会将其从您的日历中删除。在此预约其他时间：\n{{link}}',
      },
      'appointment-reminder': {
        subject: '提醒：您{{soon}}有预约',
        body: '提醒您：您{{soon}}在{{office}}有预约。\n\n时间：{{when}}\n地点：{{where}}\n目的：{{purpose}}\n\n在此查看您的预约：\n{{link}}',
      },
    },
    soon: { day: '明天', hour: '一小时后' },
  },
  ja: {
    templates: {
      'appointment-booked': {
        subject: 'ご予約が確定しました：{{when}}',
        body: '{{office}}でのご予約が確定しました。\n\n日時：{{when}}\n場所：{{where}}\nご用件：{{purpose}}\n\nカレンダーの招待状を添付しています。ご予約の確認・変更はこちら：\n{{link}}',
      },
      'appointment-updated': {
        subject: 'ご予約が変更されました：{{when}}',
        body: '{{office}}でのご予約の日時が変更されました。\n\n新しい日時：{{when}}\n場所：{{where}}\nご用件：{{purpose}}\n\n更新したカレンダーの招待状を添付しています。ご予約の確認はこちら：\n{{link}}',
      },
      'appointment-cancelled': {
        subject: 'ご予約がキャンセルされました：{{when}}',
        body: '{{when}}の{{office}}でのご予約はキャンセルされました。\n\n添付のカレンダーファイルでカレンダーから削除されます。別の日時のご予約はこちら：\n{{link}}',
      },
      'appointment-reminder': {
        subject: 'リマインダー：{{soon}}ご予約があります',
        body: '{{soon}}、{{office}}でのご予約があります。\n\n日時：{{when}}\n場所：{{where}}\nご用件：{{purpose}}\n\nご予約の確認はこちら：\n{{link}}',
      },
    },
    soon: { day: '明日', hour: '1時間後に' },
  },
  it: {
    templates: {
      'appointment-booked': {
        subject: 'Appuntamento confermato: {{when}}',
        body: 'Il tuo appuntamento presso {{office}} è prenotato.\n\nQuando: {{when}}\nDove: {{where}}\nMotivo: {{purpose}}\n\nIn allegato trovi l’invito per il calendario. Vedi o modifica i tuoi appuntamenti qui:\n{{link}}',
      },
      'appointment-updated': {
        subject: 'Appuntamento spostato: {{when}}',
        body: 'Il tuo appuntamento presso {{office}} è stato spostato.\n\nNuovo orario: {{when}}\nDove: {{where}}\nMotivo: {{purpose}}\n\nIn allegato trovi l’invito aggiornato. Vedi i tuoi appuntamenti qui:\n{{link}}',
      },
      'appointment-cancelled': {
        subject: 'Appuntamento annullato: {{when}}',
        body: 'Il tuo appuntamento presso {{office}} del {{when}} è stato annullato.\n\nIl file allegato lo rimuove dal tuo calendario. Prenota un altro orario qui:\n{{link}}',
      },
      'appointment-reminder': {
        subject: 'Promemoria: il tuo appuntamento {{soon}}',
        body: 'Ti ricordiamo il tuo appuntamento presso {{office}} {{soon}}.\n\nQuando: {{when}}\nDove: {{where}}\nMotivo: {{purpose}}\n\nVedi i tuoi appuntamenti qui:\n{{link}}',
      },
    },
    soon: { day: 'domani', hour: 'tra un’ora' },
  },
  es: {
    templates: {
      'appointment-booked': {
        subject: 'Cita confirmada: {{when}}',
        body: 'Su cita en {{office}} está reservada.\n\nCuándo: {{when}}\nDónde: {{where}}\nMotivo: {{purpose}}\n\nAdjuntamos la invitación para su calendario. Vea o cambie sus citas aquí:\n{{link}}',
      },
      'appointment-updated': {
        subject: 'Cita cambiada: {{when}}',
        body: 'Su cita en {{office}} ha cambiado de hora.\n\nNueva hora: {{when}}\nDónde: {{where}}\nMotivo: {{purpose}}\n\nAdjuntamos la invitación actualizada. Vea sus citas aquí:\n{{link}}',
      },
      'appointment-cancelled': {
        subject: 'Cita cancelada: {{when}}',
        body: 'Su cita en {{office}} del {{when}} ha sido cancelada.\n\nEl archivo adjunto la elimina de su calendario. Reserve otra hora aquí:\n{{link}}',
      },
      'appointment-reminder': {
        subject: 'Recordatorio: su cita {{soon}}',
        body: 'Le recordamos su cita en {{office}} {{soon}}.\n\nCuándo: {{when}}\nDónde: {{where}}\nMotivo: {{purpose}}\n\nVea sus citas aquí:\n{{link}}',
      },
    },
    soon: { day: 'mañana', hour: 'dentro de una hora' },
  },
  de: {
    templates: {
      'appointment-booked': {
        subject: 'Termin bestätigt: {{when}}',
        body: 'Ihr Termin in {{office}} ist gebucht.\n\nWann: {{when}}\nWo: {{where}}\nAnlass: {{purpose}}\n\nDie Kalendereinladung ist angehängt. Ihre Termine ansehen oder ändern:\n{{link}}',
      },
      'appointment-updated': {
        subject: 'Termin verschoben: {{when}}',
        body: 'Ihr Termin in {{office}} wurde verschoben.\n\nNeue Zeit: {{when}}\nWo: {{where}}\nAnlass: {{purpose}}\n\nDie aktualisierte Kalendereinladung ist angehängt. Ihre Termine ansehen:\n{{link}}',
      },
      'appointment-cancelled': {
        subject: 'Termin abgesagt: {{when}}',
        body: 'Ihr Termin in {{office}} am {{when}} wurde abgesagt.\n\nDie angehängte Kalenderdatei entfernt ihn aus Ihrem Kalender. Einen anderen Termin buchen:\n{{link}}',
      },
      'appointment-reminder': {
        subject: 'Erinnerung: Ihr Termin {{soon}}',
        body: 'Wir erinnern Sie an Ihren Termin in {{office}} {{soon}}.\n\nWann: {{when}}\nWo: {{where}}\nAnlass: {{purpose}}\n\nIhre Termine ansehen:\n{{link}}',
      },
    },
    soon: { day: 'morgen', hour: 'in einer Stunde' },
  },
  he: {
    templates: {
      'appointment-booked': {
        subject: 'הפגישה אושרה: {{when}}',
        body: 'הפגישה שלך ב{{office}} נקבעה.\n\nמתי: {{when}}\nהיכן: {{where}}\nמטרה: {{purpose}}\n\nהזמנה ליומן מצורפת. לצפייה בפגישות שלך או לשינוין:\n{{link}}',
      },
      'appointment-updated': {
        subject: 'הפגישה הוזזה: {{when}}',
        body: 'הפגישה שלך ב{{office}} הוזזה.\n\nהמועד החדש: {{when}}\nהיכן: {{where}}\nמטרה: {{purpose}}\n\nהזמנה מעודכנת ליומן מצורפת. לצפייה בפגישות שלך:\n{{link}}',
      },
      'appointment-cancelled': {
        subject: 'הפגישה בוטלה: {{when}}',
        body: 'הפגישה שלך ב{{office}} ב־{{when}} בוטלה.\n\nקובץ היומן המצורף מסיר אותה מהיומן שלך. לקביעת מועד אחר:\n{{link}}',
      },
      'appointment-reminder': {
        subject: 'תזכורת: הפגישה שלך {{soon}}',
        body: 'זוהי תזכורת לפגישה שלך ב{{office}} {{soon}}.\n\nמתי: {{when}}\nהיכן: {{where}}\nמטרה: {{purpose}}\n\nלצפייה בפגישות שלך:\n{{link}}',
      },
    },
    soon: { day: 'מחר', hour: 'בעוד שעה' },
  },
  ar: {
    templates: {
      'appointment-booked': {
        subject: 'تم تأكيد الموعد: {{when}}',
        body: 'تم حجز موعدك في {{office}}.\n\nالموعد: {{when}}\nالمكان: {{where}}\nالغرض: {{purpose}}\n\nدعوة التقويم مرفقة. اطّلع على مواعيدك أو غيّرها من هنا:\n{{link}}',
      },
      'appointment-updated': {
        subject: 'تم تغيير موعد الزيارة: {{when}}',
        body: 'تم نقل موعدك في {{office}}.\n\nالموعد الجديد: {{when}}\nالمكان: {{where}}\nالغرض: {{purpose}}\n\nدعوة التقويم المحدّثة مرفقة. اطّلع على مواعيدك من هنا:\n{{link}}',
      },
      'appointment-cancelled': {
        subject: 'تم إلغاء الموعد: {{when}}',
        body: 'تم إلغاء موعدك في {{office}} بتاريخ {{when}}.\n\nملف التقويم المرفق يزيله من تقويمك. احجز موعدًا آخر من هنا:\n{{link}}',
      },
      'appointment-reminder': {
        subject: 'تذكير: موعدك {{soon}}',
        body: 'نذكّرك بموعدك في {{office}} {{soon}}.\n\nالموعد: {{when}}\nالمكان: {{where}}\nالغرض: {{purpose}}\n\nاطّلع على مواعيدك من هنا:\n{{link}}',
      },
    },
    soon: { day: 'غدًا', hour: 'بعد ساعة' },
  },
}
