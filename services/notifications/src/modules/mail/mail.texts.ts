import type { MailTemplate } from '@diamond/contracts/events/auth'
import type { AppointmentTemplate } from '../appointments/appointments.texts'
import type { ShipmentTemplate } from './shipment.texts'

/** The nine interface languages; a mail in any other locale is written in English. */
export const MAIL_LANGUAGES = ['en', 'fr', 'zh', 'ja', 'it', 'es', 'de', 'he', 'ar'] as const
export type MailLanguage = (typeof MAIL_LANGUAGES)[number]

export interface LanguageTexts {
  /** The product's name in this language (the same as the web app's app.name). */
  brand: string
  hello: string
  helloNoName: string
  signature: string
  /** The validity sentence: with {{duration}} when the mail says how long, else the general one. */
  expiry: { linkFor: string; link: string; codeFor: string; code: string }
  /** Unit words per plural category (Intl.PluralRules of the language); `other` is required. */
  units: Record<'minute' | 'hour', Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>
  /** Whether a space stands between number and unit ("10 minutes", but "10分"). */
  unitSpace: boolean
  /** A rejection's note, as a paragraph of its own ({{note}}); left out when the reviewer wrote none. */
  rejectionNote: string
  /** The appointment mails' texts are in appointments/appointments.texts.ts. */
  templates: Record<Exclude<MailTemplate, AppointmentTemplate | ShipmentTemplate>, { subject: string; body: string }>
}

/*
 * Placeholders: {{link}} (absolute), {{code}}, {{username}}, {{baseUrl}}, {{brand}}, {{expiry}}, {{reason}}
 * (the rejection note's paragraph).
 * Plain text only: mail clients show it as written, right to left for Hebrew and Arabic.
 */
export const MAIL_TEXTS: Record<MailLanguage, LanguageTexts> = {
  en: {
    brand: 'Diamond Portal',
    hello: 'Hello {{name}},',
    helloNoName: 'Hello,',
    signature: 'Kind regards,\nThe Diamond Portal team',
    expiry: {
      linkFor: 'The link can be used only once and is valid for {{duration}}.',
      link: 'The link can be used only once and expires shortly.',
      codeFor: 'The code can be used only once and is valid for {{duration}}.',
      code: 'The code can be used only once and expires shortly.',
    },
    units: { minute: { one: 'minute', other: 'minutes' }, hour: { one: 'hour', other: 'hours' } },
    unitSpace: true,
    rejectionNote: 'Note from our team: {{note}}',
    templates: {
      'verify-email': {
        subject: 'Verify your email address',
        body: 'Please confirm your email address so that we can reach you about your account.\n\nOpen this link to verify it:\n{{link}}\n\n{{expiry}} If you did not create an account, you can ignore this mail.',
      },
      'device-otp': {
        subject: 'Your verification code',
        body: 'Someone is signing in to your account from a browser or device we do not know yet. If this is you, enter this code to verify it:\n\n    {{code}}\n\n{{expiry}} If this was not you, change your password right away.',
      },
      'reset-password': {
        subject: 'Reset your password',
        body: 'We received a request to reset the password of your account.\n\nOpen this link to choose a new password:\n{{link}}\n\n{{expiry}} If you did not ask for this, ignore this mail: your password stays as it is.',
      },
      'password-changed': {
        subject: 'Your password was changed',
        body: 'The password of your account was just changed.\n\nIf this was you, there is nothing more to do. If it was not, reset your password at once and tell your sales representative:\n{{baseUrl}}/forgot-password',
      },
      'registration-received': {
        subject: 'We have received your registration',
        body: 'Thank you for registering. Our team will review your details and documents, and we will write to you as soon as your account is approved.\n\nYour login ID: {{username}}\n\nIf you have not confirmed your email address yet, please use the link in the mail we sent you.',
      },
      'user-invited': {
        subject: 'An account has been created for you',
        body: 'An account on {{brand}} has been created for you.\n\nYour login ID: {{username}}\n\nThe person who created the account will give you your password; please change it after you first sign in. Sign in here:\n{{link}}\n\nIf you were not expecting this mail, you can ignore it.',
      },
      'account-approved': {
        subject: 'Your account has been approved',
        body: 'Good news: your account on {{brand}} has been approved.\n\nYour login ID: {{username}}\n\nSign in here:\n{{link}}\n\nIf you have not confirmed your email address yet, please do so first with the link in the mail we sent you.',
      },
      'account-rejected': {
        subject: 'Your registration was not approved',
        body: 'Thank you for your interest in {{brand}}. We have reviewed your registration and are unable to approve your account.\n\n{{reason}}If you have questions, or would like to send other documents, please contact your sales representative.',
      },
      'reminder-due': {
        subject: 'Reminder: stone {{stone}}',
        body: 'You asked us to remind you of stone {{stone}} today.\n\n{{remarks}}See the stone and your reminders here:\n{{link}}',
      },
      'ftp-fetched': {
        subject: 'Your FTP files were uploaded',
        body: 'Your FTP source delivered {{files}} file(s). They were uploaded and committed:\n\n    Added: {{added}}\n    Updated: {{updated}}\n    Deleted: {{deleted}}\n    Invalid rows: {{invalid}}\n\nThe full report, and the invalid rows with their reasons, are in your upload history:\n{{link}}',
      },
      'ftp-failed': {
        subject: 'We could not fetch your FTP files',
        body: 'The scheduled fetch from your FTP source {{host}} failed ({{error}}). Your listed stock is unchanged.\n\nPlease check the address, user name, password and folder here:\n{{link}}\n\nWe keep trying on your schedule and will not write again until it works.',
      },
    },
  },
  fr: {
    brand: 'Portail Diamant',
    hello: 'Bonjour {{name}},',
    helloNoName: 'Bonjour,',
    signature: "Cordialement,\nL'équipe Portail Diamant",
    expiry: {
      linkFor: "Le lien n'est utilisable qu'une seule fois et reste valable {{duration}}.",
      link: "Le lien n'est utilisable qu'une seule fois et expire rapidement.",
      codeFor: "Le code n'est utilisable qu'une seule fois et reste valable {{duration}}.",
      code: "Le code n'est utilisable qu'une seule fois et expire rapidement.",
    },
    units: { minute: { one: 'minute', other: 'minutes' }, hour: { one: 'heure', other: 'heures' } },
    unitSpace: true,
    rejectionNote: 'Message de notre équipe : {{note}}',
    templates: {
      'verify-email': {
        subject: 'Confirmez votre adresse e-mail',
        body: "Merci de confirmer votre adresse e-mail afin que nous puissions vous contacter au sujet de votre compte.\n\nOuvrez ce lien pour la confirmer :\n{{link}}\n\n{{expiry}} Si vous n'avez pas créé de compte, vous pouvez ignorer ce message.",
      },
      'device-otp': {
        subject: 'Votre code de vérification',
        body: "Une connexion à votre compte est en cours depuis un navigateur ou un appareil que nous ne connaissons pas encore. Si c'est vous, saisissez ce code pour le vérifier :\n\n    {{code}}\n\n{{expiry}} Si ce n'est pas vous, changez immédiatement votre mot de passe.",
      },
      'reset-password': {
        subject: 'Réinitialisez votre mot de passe',
        body: "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte.\n\nOuvrez ce lien pour choisir un nouveau mot de passe :\n{{link}}\n\n{{expiry}} Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
      },
      'password-changed': {
        subject: 'Votre mot de passe a été modifié',
        body: "Le mot de passe de votre compte vient d'être modifié.\n\nSi c'est vous, vous n'avez rien d'autre à faire. Sinon, réinitialisez immédiatement votre mot de passe et prévenez votre commercial :\n{{baseUrl}}/forgot-password",
      },
      'registration-received': {
        subject: 'Nous avons bien reçu votre inscription',
        body: "Merci pour votre inscription. Notre équipe va examiner vos informations et vos documents, et nous vous écrirons dès que votre compte sera approuvé.\n\nVotre identifiant : {{username}}\n\nSi vous n'avez pas encore confirmé votre adresse e-mail, utilisez le lien figurant dans le message que nous vous avons envoyé.",
      },
      'user-invited': {
        subject: 'Un compte a été créé pour vous',
        body: "Un compte a été créé pour vous sur la plateforme {{brand}}.\n\nVotre identifiant : {{username}}\n\nLa personne qui a créé le compte vous communiquera votre mot de passe ; pensez à le modifier après votre première connexion. Connectez-vous ici :\n{{link}}\n\nSi vous n'attendiez pas ce message, vous pouvez l'ignorer.",
      },
      'account-approved': {
        subject: 'Votre compte a été approuvé',
        body: "Bonne nouvelle : votre compte sur la plateforme {{brand}} a été approuvé.\n\nVotre identifiant : {{username}}\n\nConnectez-vous ici :\n{{link}}\n\nSi vous n'avez pas encore confirmé votre adresse e-mail, faites-le d'abord à l'aide du lien figurant dans le message que nous vous avons envoyé.",
      },
      'account-rejected': {
        subject: "Votre inscription n'a pas été approuvée",
        body: "Merci de l'intérêt que vous portez à la plateforme {{brand}}. Nous avons examiné votre inscription et ne sommes pas en mesure d'approuver votre compte.\n\n{{reason}}Pour toute question, ou pour nous transmettre d'autres documents, contactez votre commercial.",
      },
      'reminder-due': {
        subject: 'Rappel : pierre {{stone}}',
        body: "Vous nous avez demandé de vous rappeler la pierre {{stone}} aujourd'hui.\n\n{{remarks}}Voir la pierre et vos rappels ici :\n{{link}}",
      },
      'ftp-fetched': {
        subject: 'Vos fichiers FTP ont été importés',
        body: 'Votre source FTP a livré {{files}} fichier(s). Ils ont été importés et validés :\n\n    Ajoutées : {{added}}\n    Mises à jour : {{updated}}\n    Supprimées : {{deleted}}\n    Lignes invalides : {{invalid}}\n\nLe rapport complet, avec les lignes invalides et leurs motifs, figure dans votre historique des imports :\n{{link}}',
      },
      'ftp-failed': {
        subject: 'Impossible de récupérer vos fichiers FTP',
        body: "La récupération programmée depuis votre source FTP {{host}} a échoué ({{error}}). Votre stock en ligne n'a pas changé.\n\nVérifiez l'adresse, l'identifiant, le mot de passe et le dossier ici :\n{{link}}\n\nNous continuons d'essayer selon votre planification et ne vous écrirons plus avant que cela fonctionne.",
      },
    },
  },
  zh: {
    brand: '钻石交易平台',
    hello: '{{name}}，您好：',
    helloNoName: '您好：',
    signature: '此致\n钻石交易平台团队',
    expiry: {
      linkFor: '该链接仅可使用一次，有效期为{{duration}}。',
      link: '该链接仅可使用一次，并将很快失效。',
      codeFor: '验证码仅可使用一次，有效期为{{duration}}。',
      code: '验证码仅可使用一次，并将很快失效。',
    },
    units: { minute: { other: '分钟' }, hour: { other: '小时' } },
    unitSpace: false,
    rejectionNote: '我们团队的备注：{{note}}',
    templates: {
      'verify-email': {
        subject: '请验证您的电子邮箱地址',
        body: '请确认您的电子邮箱地址，以便我们就您的账户与您联系。\n\n请打开以下链接完成验证：\n{{link}}\n\n{{expiry}}如果您没有注册账户，请忽略此邮件。',
      },
      'device-otp': {
        subject: '您的验证码',
        body: '有人正在通过我们尚未识别的浏览器或设备登录您的账户。如果是您本人，请输入以下验证码完成验证：\n\n    {{code}}\n\n{{expiry}}如果不是您本人操作，请立即修改密码。',
      },
      'reset-password': {
        subject: '重置您的密码',
        body: '我们收到了重置您账户密码的请求。\n\n请打开以下链接设置新密码：\n{{link}}\n\n{{expiry}}如果您没有提出此请求，请忽略此邮件，您的密码不会改变。',
      },
      'password-changed': {
        subject: '您的密码已更改',
        body: '您账户的密码刚刚被更改。\n\n如果是您本人操作，则无需进一步处理。如果不是，请立即重置密码并通知您的销售代表：\n{{baseUrl}}/forgot-password',
      },
      'registration-received': {
        subject: '我们已收到您的注册申请',
        body: '感谢您的注册。我们的团队将审核您的资料和文件，账户一经批准，我们会立即发邮件通知您。\n\n您的登录名：{{username}}\n\n如果您尚未验证电子邮箱地址，请使用我们发送给您的邮件中的链接进行验证。',
      },
      'user-invited': {
        subject: '已为您创建账户',
        body: '我们已在{{brand}}为您创建了账户。\n\n您的登录名：{{username}}\n\n账户创建人会将密码告知您，首次登录后请修改密码。请在此登录：\n{{link}}\n\n如果您并未预期收到此邮件，请忽略。',
      },
      'account-approved': {
        subject: '您的账户已获批准',
        body: '好消息：您在{{brand}}的账户已获批准。\n\n您的登录名：{{username}}\n\n请在此登录：\n{{link}}\n\n如果您尚未验证电子邮箱地址，请先使用我们发送给您的邮件中的链接进行验证。',
      },
      'account-rejected': {
        subject: '您的注册申请未获批准',
        body: '感谢您对{{brand}}的关注。我们已审核您的注册申请，很遗憾无法批准您的账户。\n\n{{reason}}如有疑问，或希望提交其他文件，请联系您的销售代表。',
      },
      'reminder-due': {
        subject: '提醒：钻石 {{stone}}',
        body: '您曾要求我们今天提醒您关注钻石 {{stone}}。\n\n{{remarks}}在此查看该钻石和您的提醒：\n{{link}}',
      },
      'ftp-fetched': {
        subject: '您的 FTP 文件已上传',
        body: '您的 FTP 来源提供了 {{files}} 个文件，已上传并提交：\n\n    新增：{{added}}\n    更新：{{updated}}\n    删除：{{deleted}}\n    无效行：{{invalid}}\n\n完整报告以及无效行及其原因，请在上传历史中查看：\n{{link}}',
      },
      'ftp-failed': {
        subject: '无法获取您的 FTP 文件',
        body: '从您的 FTP 来源 {{host}} 定时获取文件失败（{{error}}）。您在售的库存没有变化。\n\n请在此检查地址、用户名、密码和文件夹：\n{{link}}\n\n我们会按您的计划继续尝试，在恢复正常之前不会再次发信。',
      },
    },
  },
  ja: {
    brand: 'ダイヤモンドポータル',
    hello: '{{name}} 様',
    helloNoName: 'お客様各位',
    signature: 'ダイヤモンドポータル運営チーム',
    expiry: {
      linkFor: 'このリンクは一度だけ使用でき、有効期限は{{duration}}です。',
      link: 'このリンクは一度だけ使用でき、まもなく有効期限が切れます。',
      codeFor: 'このコードは一度だけ使用でき、有効期限は{{duration}}です。',
      code: 'このコードは一度だけ使用でき、まもなく有効期限が切れます。',
    },
    units: { minute: { other: '分' }, hour: { other: '時間' } },
    unitSpace: false,
    rejectionNote: '担当チームからのコメント：{{note}}',
    templates: {
      'verify-email': {
        subject: 'メールアドレスのご確認',
        body: 'アカウントに関するご連絡のため、メールアドレスのご確認をお願いいたします。\n\n次のリンクを開いて確認を完了してください：\n{{link}}\n\n{{expiry}}アカウントを作成した覚えがない場合は、このメールを無視してください。',
      },
      'device-otp': {
        subject: '認証コードのお知らせ',
        body: 'まだ登録されていないブラウザまたはデバイスから、お客様のアカウントへのログインが行われています。ご本人の場合は、次のコードを入力して認証してください：\n\n    {{code}}\n\n{{expiry}}お心当たりがない場合は、直ちにパスワードを変更してください。',
      },
      'reset-password': {
        subject: 'パスワードの再設定',
        body: 'お客様のアカウントのパスワード再設定のリクエストを受け付けました。\n\n次のリンクを開いて、新しいパスワードを設定してください：\n{{link}}\n\n{{expiry}}お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
      },
      'password-changed': {
        subject: 'パスワードが変更されました',
        body: 'お客様のアカウントのパスワードが変更されました。\n\nご本人による変更であれば、これ以上の操作は不要です。お心当たりがない場合は、直ちにパスワードを再設定し、担当の営業にご連絡ください：\n{{baseUrl}}/forgot-password',
      },
      'registration-received': {
        subject: 'ご登録を受け付けました',
        body: 'ご登録いただきありがとうございます。担当チームがご登録内容と書類を審査し、アカウントが承認され次第、メールでお知らせいたします。\n\nログインID：{{username}}\n\nメールアドレスの確認がまだお済みでない場合は、お送りしたメールのリンクから確認をお願いいたします。',
      },
      'user-invited': {
        subject: 'アカウントが作成されました',
        body: '{{brand}}にお客様のアカウントが作成されました。\n\nログインID：{{username}}\n\nパスワードはアカウントを作成した担当者からお知らせします。初回ログイン後にパスワードを変更してください。ログインはこちら：\n{{link}}\n\nお心当たりがない場合は、このメールを無視してください。',
      },
      'account-approved': {
        subject: 'アカウントが承認されました',
        body: '{{brand}}のお客様のアカウントが承認されました。\n\nログインID：{{username}}\n\nログインはこちら：\n{{link}}\n\nメールアドレスの確認がまだお済みでない場合は、先にお送りしたメールのリンクから確認をお願いいたします。',
      },
      'account-rejected': {
        subject: 'ご登録は承認されませんでした',
        body: '{{brand}}にご関心をお寄せいただきありがとうございます。ご登録内容を審査いたしましたが、誠に申し訳ございませんが、アカウントを承認することができませんでした。\n\n{{reason}}ご不明な点がある場合や、別の書類をご提出いただける場合は、担当の営業にご連絡ください。',
      },
      'reminder-due': {
        subject: 'リマインダー：ストーン {{stone}}',
        body: '本日、ストーン {{stone}} についてお知らせするようご依頼いただいていました。\n\n{{remarks}}ストーンとリマインダーはこちらでご確認いただけます：\n{{link}}',
      },
      'ftp-fetched': {
        subject: 'FTP のファイルをアップロードしました',
        body: 'FTP ソースから {{files}} 件のファイルが届き、アップロードして確定しました：\n\n    追加：{{added}}\n    更新：{{updated}}\n    削除：{{deleted}}\n    無効な行：{{invalid}}\n\n詳しいレポートと無効な行の理由は、アップロード履歴でご覧いただけます：\n{{link}}',
      },
      'ftp-failed': {
        subject: 'FTP のファイルを取得できませんでした',
        body: 'FTP ソース {{host}} からの定期取得に失敗しました（{{error}}）。掲載中の在庫は変更されていません。\n\nアドレス、ユーザー名、パスワード、フォルダーをこちらでご確認ください：\n{{link}}\n\nスケジュールどおり再試行を続けます。復旧するまで再度ご連絡することはありません。',
      },
    },
  },
  it: {
    brand: 'Portale Diamanti',
    hello: 'Buongiorno {{name}},',
    helloNoName: 'Buongiorno,',
    signature: 'Cordiali saluti,\nIl team di Portale Diamanti',
    expiry: {
      linkFor: 'Il link può essere usato una sola volta ed è valido per {{duration}}.',
      link: 'Il link può essere usato una sola volta e scade a breve.',
      codeFor: 'Il codice può essere usato una sola volta ed è valido per {{duration}}.',
      code: 'Il codice può essere usato una sola volta e scade a breve.',
    },
    units: { minute: { one: 'minuto', other: 'minuti' }, hour: { one: 'ora', other: 'ore' } },
    unitSpace: true,
    rejectionNote: 'Nota del nostro team: {{note}}',
    templates: {
      'verify-email': {
        subject: 'Verifica il tuo indirizzo e-mail',
        body: 'Conferma il tuo indirizzo e-mail, così potremo contattarti in merito al tuo account.\n\nApri questo link per verificarlo:\n{{link}}\n\n{{expiry}} Se non hai creato un account, puoi ignorare questa e-mail.',
      },
      'device-otp': {
        subject: 'Il tuo codice di verifica',
        body: 'È in corso un accesso al tuo account da un browser o da un dispositivo che non conosciamo ancora. Se sei tu, inserisci questo codice per verificarlo:\n\n    {{code}}\n\n{{expiry}} Se non sei stato tu, cambia subito la password.',
      },
      'reset-password': {
        subject: 'Reimposta la password',
        body: 'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account.\n\nApri questo link per scegliere una nuova password:\n{{link}}\n\n{{expiry}} Se non hai fatto tu la richiesta, ignora questa e-mail: la tua password resta invariata.',
      },
      'password-changed': {
        subject: 'La tua password è stata modificata',
        body: 'La password del tuo account è stata appena modificata.\n\nSe sei stato tu, non devi fare altro. In caso contrario, reimposta subito la password e avvisa il tuo referente commerciale:\n{{baseUrl}}/forgot-password',
      },
      'registration-received': {
        subject: 'Abbiamo ricevuto la tua registrazione',
        body: "Grazie per la registrazione. Il nostro team esaminerà i tuoi dati e i tuoi documenti e ti scriveremo non appena il tuo account sarà approvato.\n\nIl tuo ID di accesso: {{username}}\n\nSe non hai ancora confermato il tuo indirizzo e-mail, usa il link contenuto nell'e-mail che ti abbiamo inviato.",
      },
      'user-invited': {
        subject: 'È stato creato un account per te',
        body: "È stato creato per te un account su {{brand}}.\n\nIl tuo ID di accesso: {{username}}\n\nLa password ti sarà comunicata da chi ha creato l'account; ti consigliamo di cambiarla dopo il primo accesso. Accedi qui:\n{{link}}\n\nSe non ti aspettavi questa e-mail, puoi ignorarla.",
      },
      'account-approved': {
        subject: 'Il tuo account è stato approvato',
        body: "Buone notizie: il tuo account su {{brand}} è stato approvato.\n\nIl tuo ID di accesso: {{username}}\n\nAccedi qui:\n{{link}}\n\nSe non hai ancora confermato il tuo indirizzo e-mail, fallo prima con il link contenuto nell'e-mail che ti abbiamo inviato.",
      },
      'account-rejected': {
        subject: 'La tua registrazione non è stata approvata',
        body: "Grazie per l'interesse verso {{brand}}. Abbiamo esaminato la tua registrazione e non possiamo approvare il tuo account.\n\n{{reason}}Per qualsiasi domanda, o per inviarci altri documenti, contatta il tuo referente commerciale.",
      },
      'reminder-due': {
        subject: 'Promemoria: pietra {{stone}}',
        body: 'Ci hai chiesto di ricordarti oggi la pietra {{stone}}.\n\n{{remarks}}Vedi la pietra e i tuoi promemoria qui:\n{{link}}',
      },
      'ftp-fetched': {
        subject: 'I tuoi file FTP sono stati caricati',
        body: 'La tua sorgente FTP ha consegnato {{files}} file. Sono stati caricati e confermati:\n\n    Aggiunte: {{added}}\n    Aggiornate: {{updated}}\n    Eliminate: {{deleted}}\n    Righe non valide: {{invalid}}\n\nIl rapporto completo, con le righe non valide e i motivi, è nella cronologia dei caricamenti:\n{{link}}',
      },
      'ftp-failed': {
        subject: 'Non è stato possibile recuperare i tuoi file FTP',
        body: 'Il recupero programmato dalla tua sorgente FTP {{host}} non è riuscito ({{error}}). Lo stock in vendita non è cambiato.\n\nControlla indirizzo, nome utente, password e cartella qui:\n{{link}}\n\nContinueremo a provare secondo la tua pianificazione e non ti scriveremo di nuovo finché non funzionerà.',
      },
    },
  },
  es: {
    brand: 'Portal de Diamantes',
    hello: 'Hola, {{name}}:',
    helloNoName: 'Hola:',
    signature: 'Saludos cordiales,\nEl equipo de Portal de Diamantes',
    expiry: {
      linkFor: 'El enlace solo puede usarse una vez y es válido durante {{duration}}.',
      link: 'El enlace solo puede usarse una vez y caduca en breve.',
      codeFor: 'El código solo puede usarse una vez y es válido durante {{duration}}.',
      code: 'El código solo puede usarse una vez y caduca en breve.',
    },
    units: { minute: { one: 'minuto', other: 'minutos' }, hour: { one: 'hora', other: 'horas' } },
    unitSpace: true,
    rejectionNote: 'Nota de nuestro equipo: {{note}}',
    templates: {
      'verify-email': {
        subject: 'Verifica tu dirección de correo electrónico',
        body: 'Confirma tu dirección de correo electrónico para que podamos contactarte sobre tu cuenta.\n\nAbre este enlace para verificarla:\n{{link}}\n\n{{expiry}} Si no has creado una cuenta, puedes ignorar este correo.',
      },
      'device-otp': {
        subject: 'Tu código de verificación',
        body: 'Alguien está iniciando sesión en tu cuenta desde un navegador o dispositivo que aún no conocemos. Si eres tú, introduce este código para verificarlo:\n\n    {{code}}\n\n{{expiry}} Si no has sido tú, cambia tu contraseña de inmediato.',
      },
      'reset-password': {
        subject: 'Restablece tu contraseña',
        body: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta.\n\nAbre este enlace para elegir una nueva contraseña:\n{{link}}\n\n{{expiry}} Si no lo has solicitado, ignora este correo: tu contraseña no cambiará.',
      },
      'password-changed': {
        subject: 'Tu contraseña ha cambiado',
        body: 'La contraseña de tu cuenta acaba de cambiarse.\n\nSi has sido tú, no tienes que hacer nada más. Si no, restablece tu contraseña de inmediato y avisa a tu comercial:\n{{baseUrl}}/forgot-password',
      },
      'registration-received': {
        subject: 'Hemos recibido tu registro',
        body: 'Gracias por registrarte. Nuestro equipo revisará tus datos y documentos, y te escribiremos en cuanto tu cuenta sea aprobada.\n\nTu ID de acceso: {{username}}\n\nSi aún no has confirmado tu dirección de correo electrónico, usa el enlace del correo que te enviamos.',
      },
      'user-invited': {
        subject: 'Se ha creado una cuenta para ti',
        body: 'Se ha creado una cuenta para ti en {{brand}}.\n\nTu ID de acceso: {{username}}\n\nLa persona que creó la cuenta te facilitará la contraseña; cámbiala después de iniciar sesión por primera vez. Inicia sesión aquí:\n{{link}}\n\nSi no esperabas este correo, puedes ignorarlo.',
      },
      'account-approved': {
        subject: 'Tu cuenta ha sido aprobada',
        body: 'Buenas noticias: tu cuenta en {{brand}} ha sido aprobada.\n\nTu ID de acceso: {{username}}\n\nInicia sesión aquí:\n{{link}}\n\nSi aún no has confirmado tu dirección de correo electrónico, hazlo primero con el enlace del correo que te enviamos.',
      },
      'account-rejected': {
        subject: 'Tu registro no ha sido aprobado',
        body: 'Gracias por tu interés en {{brand}}. Hemos revisado tu registro y no podemos aprobar tu cuenta.\n\n{{reason}}Si tienes preguntas o quieres enviarnos otros documentos, ponte en contacto con tu comercial.',
      },
      'reminder-due': {
        subject: 'Recordatorio: piedra {{stone}}',
        body: 'Nos pediste que te recordáramos hoy la piedra {{stone}}.\n\n{{remarks}}Consulta la piedra y tus recordatorios aquí:\n{{link}}',
      },
      'ftp-fetched': {
        subject: 'Tus archivos FTP se han cargado',
        body: 'Tu origen FTP entregó {{files}} archivo(s). Se cargaron y confirmaron:\n\n    Añadidas: {{added}}\n    Actualizadas: {{updated}}\n    Eliminadas: {{deleted}}\n    Filas no válidas: {{invalid}}\n\nEl informe completo, con las filas no válidas y sus motivos, está en tu historial de cargas:\n{{link}}',
      },
      'ftp-failed': {
        subject: 'No pudimos obtener tus archivos FTP',
        body: 'La descarga programada desde tu origen FTP {{host}} ha fallado ({{error}}). Tu stock publicado no ha cambiado.\n\nRevisa la dirección, el usuario, la contraseña y la carpeta aquí:\n{{link}}\n\nSeguiremos intentándolo según tu programación y no volveremos a escribirte hasta que funcione.',
      },
    },
  },
  de: {
    brand: 'Diamantportal',
    hello: 'Hallo {{name}},',
    helloNoName: 'Guten Tag,',
    signature: 'Freundliche Grüße\nIhr Diamantportal-Team',
    expiry: {
      linkFor: 'Der Link ist nur einmal verwendbar und {{duration}} gültig.',
      link: 'Der Link ist nur einmal verwendbar und läuft in Kürze ab.',
      codeFor: 'Der Code ist nur einmal verwendbar und {{duration}} gültig.',
      code: 'Der Code ist nur einmal verwendbar und läuft in Kürze ab.',
    },
    units: { minute: { one: 'Minute', other: 'Minuten' }, hour: { one: 'Stunde', other: 'Stunden' } },
    unitSpace: true,
    rejectionNote: 'Anmerkung unseres Teams: {{note}}',
    templates: {
      'verify-email': {
        subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
        body: 'Bitte bestätigen Sie Ihre E-Mail-Adresse, damit wir Sie zu Ihrem Konto erreichen können.\n\nÖffnen Sie diesen Link, um sie zu bestätigen:\n{{link}}\n\n{{expiry}} Falls Sie kein Konto angelegt haben, können Sie diese E-Mail ignorieren.',
      },
      'device-otp': {
        subject: 'Ihr Bestätigungscode',
        body: 'Jemand meldet sich von einem Browser oder Gerät, das wir noch nicht kennen, bei Ihrem Konto an. Wenn Sie das sind, geben Sie diesen Code ein, um es zu bestätigen:\n\n    {{code}}\n\n{{expiry}} Falls Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort.',
      },
      'reset-password': {
        subject: 'Passwort zurücksetzen',
        body: 'Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos zurückzusetzen.\n\nÖffnen Sie diesen Link, um ein neues Passwort zu wählen:\n{{link}}\n\n{{expiry}} Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
      },
      'password-changed': {
        subject: 'Ihr Passwort wurde geändert',
        body: 'Das Passwort Ihres Kontos wurde soeben geändert.\n\nWenn Sie das waren, ist nichts weiter zu tun. Falls nicht, setzen Sie Ihr Passwort sofort zurück und informieren Sie Ihren Ansprechpartner im Vertrieb:\n{{baseUrl}}/forgot-password',
      },
      'registration-received': {
        subject: 'Wir haben Ihre Registrierung erhalten',
        body: 'Vielen Dank für Ihre Registrierung. Unser Team prüft Ihre Angaben und Unterlagen, und wir schreiben Ihnen, sobald Ihr Konto freigegeben ist.\n\nIhre Login-ID: {{username}}\n\nFalls Sie Ihre E-Mail-Adresse noch nicht bestätigt haben, nutzen Sie bitte den Link in der E-Mail, die wir Ihnen geschickt haben.',
      },
      'user-invited': {
        subject: 'Für Sie wurde ein Konto angelegt',
        body: 'Für Sie wurde ein Konto im {{brand}} angelegt.\n\nIhre Login-ID: {{username}}\n\nIhr Passwort erhalten Sie von der Person, die das Konto angelegt hat; bitte ändern Sie es nach der ersten Anmeldung. Hier melden Sie sich an:\n{{link}}\n\nFalls Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
      },
      'account-approved': {
        subject: 'Ihr Konto wurde freigegeben',
        body: 'Gute Nachricht: Ihr Konto im {{brand}} wurde freigegeben.\n\nIhre Login-ID: {{username}}\n\nHier melden Sie sich an:\n{{link}}\n\nFalls Sie Ihre E-Mail-Adresse noch nicht bestätigt haben, tun Sie das bitte zuerst über den Link in der E-Mail, die wir Ihnen geschickt haben.',
      },
      'account-rejected': {
        subject: 'Ihre Registrierung wurde nicht freigegeben',
        body: 'Vielen Dank für Ihr Interesse am {{brand}}. Wir haben Ihre Registrierung geprüft und können Ihr Konto leider nicht freigeben.\n\n{{reason}}Bei Fragen oder wenn Sie weitere Unterlagen einreichen möchten, wenden Sie sich bitte an Ihren Ansprechpartner im Vertrieb.',
      },
      'reminder-due': {
        subject: 'Erinnerung: Stein {{stone}}',
        body: 'Sie wollten heute an den Stein {{stone}} erinnert werden.\n\n{{remarks}}Den Stein und Ihre Erinnerungen finden Sie hier:\n{{link}}',
      },
      'ftp-fetched': {
        subject: 'Ihre FTP-Dateien wurden hochgeladen',
        body: 'Ihre FTP-Quelle hat {{files}} Datei(en) geliefert. Sie wurden hochgeladen und übernommen:\n\n    Hinzugefügt: {{added}}\n    Aktualisiert: {{updated}}\n    Gelöscht: {{deleted}}\n    Ungültige Zeilen: {{invalid}}\n\nDen vollständigen Bericht mit den ungültigen Zeilen und ihren Gründen finden Sie in Ihrem Upload-Verlauf:\n{{link}}',
      },
      'ftp-failed': {
        subject: 'Ihre FTP-Dateien konnten nicht abgerufen werden',
        body: 'Der geplante Abruf von Ihrer FTP-Quelle {{host}} ist fehlgeschlagen ({{error}}). Ihr gelisteter Bestand ist unverändert.\n\nBitte prüfen Sie Adresse, Benutzername, Passwort und Ordner hier:\n{{link}}\n\nWir versuchen es weiter nach Ihrem Zeitplan und schreiben Ihnen erst wieder, wenn es funktioniert.',
      },
    },
  },
  he: {
    brand: 'פורטל היהלומים',
    hello: 'שלום {{name}},',
    helloNoName: 'שלום,',
    signature: 'בברכה,\nצוות פורטל היהלומים',
    expiry: {
      linkFor: 'ניתן להשתמש בקישור פעם אחת בלבד, והוא בתוקף למשך {{duration}}.',
      link: 'ניתן להשתמש בקישור פעם אחת בלבד והוא יפוג בקרוב.',
      codeFor: 'ניתן להשתמש בקוד פעם אחת בלבד, והוא בתוקף למשך {{duration}}.',
      code: 'ניתן להשתמש בקוד פעם אחת בלבד והוא יפוג בקרוב.',
    },
    units: { minute: { one: 'דקה', other: 'דקות' }, hour: { one: 'שעה', other: 'שעות' } },
    unitSpace: true,
    rejectionNote: 'הערה מהצוות שלנו: {{note}}',
    templates: {
      'verify-email': {
        subject: 'אימות כתובת הדוא״ל שלך',
        body: 'נא לאשר את כתובת הדוא״ל שלך כדי שנוכל ליצור איתך קשר בנוגע לחשבונך.\n\nיש לפתוח את הקישור הבא כדי לאמת אותה:\n{{link}}\n\n{{expiry}} אם לא יצרת חשבון, אפשר להתעלם מהודעה זו.',
      },
      'device-otp': {
        subject: 'קוד האימות שלך',
        body: 'מתבצעת כניסה לחשבונך מדפדפן או ממכשיר שעדיין אינם מוכרים לנו. אם הכניסה נעשית על ידך, יש להזין את הקוד הבא כדי לאמת את המכשיר:\n\n    {{code}}\n\n{{expiry}} אם לא ביצעת כניסה זו, יש לשנות את הסיסמה מיד.',
      },
      'reset-password': {
        subject: 'איפוס הסיסמה שלך',
        body: 'קיבלנו בקשה לאפס את הסיסמה של חשבונך.\n\nיש לפתוח את הקישור הבא כדי לבחור סיסמה חדשה:\n{{link}}\n\n{{expiry}} אם לא ביקשת זאת, אפשר להתעלם מהודעה זו: הסיסמה שלך לא תשתנה.',
      },
      'password-changed': {
        subject: 'הסיסמה שלך שונתה',
        body: 'הסיסמה של חשבונך שונתה זה עתה.\n\nאם השינוי נעשה על ידך, אין צורך לעשות דבר. אם לא, יש לאפס את הסיסמה מיד ולעדכן את נציג המכירות שלך:\n{{baseUrl}}/forgot-password',
      },
      'registration-received': {
        subject: 'קיבלנו את בקשת ההרשמה שלך',
        body: 'תודה על ההרשמה. הצוות שלנו יבדוק את הפרטים והמסמכים שלך, ונכתוב לך ברגע שחשבונך יאושר.\n\nשם המשתמש שלך: {{username}}\n\nאם עדיין לא אישרת את כתובת הדוא״ל שלך, יש להשתמש בקישור שבהודעה ששלחנו אליך.',
      },
      'user-invited': {
        subject: 'נפתח עבורך חשבון',
        body: 'נפתח עבורך חשבון ב{{brand}}.\n\nשם המשתמש שלך: {{username}}\n\nהסיסמה תימסר לך על ידי מי שפתח את החשבון; מומלץ להחליף אותה לאחר הכניסה הראשונה. אפשר להתחבר כאן:\n{{link}}\n\nאם לא ציפית להודעה זו, אפשר להתעלם ממנה.',
      },
      'account-approved': {
        subject: 'חשבונך אושר',
        body: 'בשורה טובה: חשבונך ב{{brand}} אושר.\n\nשם המשתמש שלך: {{username}}\n\nאפשר להתחבר כאן:\n{{link}}\n\nאם עדיין לא אישרת את כתובת הדוא״ל שלך, יש לעשות זאת קודם באמצעות הקישור שבהודעה ששלחנו אליך.',
      },
      'account-rejected': {
        subject: 'בקשת ההרשמה שלך לא אושרה',
        body: 'תודה על התעניינותך ב{{brand}}. בדקנו את בקשת ההרשמה שלך, ולצערנו איננו יכולים לאשר את חשבונך.\n\n{{reason}}לשאלות, או כדי לשלוח מסמכים נוספים, יש לפנות לנציג המכירות שלך.',
      },
      'reminder-due': {
        subject: 'תזכורת: אבן {{stone}}',
        body: 'ביקשת שנזכיר לך היום את אבן {{stone}}.\n\n{{remarks}}לצפייה באבן ובתזכורות שלך:\n{{link}}',
      },
      'ftp-fetched': {
        subject: 'קובצי ה-FTP שלך הועלו',
        body: 'מקור ה-FTP שלך סיפק {{files}} קבצים. הם הועלו ואושרו:\n\n    נוספו: {{added}}\n    עודכנו: {{updated}}\n    נמחקו: {{deleted}}\n    שורות לא תקינות: {{invalid}}\n\nהדוח המלא, כולל השורות הלא תקינות והסיבות, נמצא בהיסטוריית ההעלאות שלך:\n{{link}}',
      },
      'ftp-failed': {
        subject: 'לא הצלחנו להביא את קובצי ה-FTP שלך',
        body: 'ההבאה המתוזמנת ממקור ה-FTP שלך {{host}} נכשלה ({{error}}). המלאי המפורסם שלך לא השתנה.\n\nאנא בדוק את הכתובת, שם המשתמש, הסיסמה והתיקייה כאן:\n{{link}}\n\nנמשיך לנסות לפי התזמון שלך ולא נכתוב שוב עד שהחיבור יעבוד.',
      },
    },
  },
  ar: {
    brand: 'بوابة الألماس',
    hello: 'مرحبًا {{name}}،',
    helloNoName: 'مرحبًا،',
    signature: 'مع أطيب التحيات،\nفريق بوابة الألماس',
    expiry: {
      linkFor: 'يمكن استخدام الرابط مرة واحدة فقط، ومدة صلاحيته {{duration}}.',
      link: 'يمكن استخدام الرابط مرة واحدة فقط وتنتهي صلاحيته قريبًا.',
      codeFor: 'يمكن استخدام الرمز مرة واحدة فقط، ومدة صلاحيته {{duration}}.',
      code: 'يمكن استخدام الرمز مرة واحدة فقط وتنتهي صلاحيته قريبًا.',
    },
    units: {
      minute: { one: 'دقيقة', two: 'دقيقتان', few: 'دقائق', many: 'دقيقة', other: 'دقيقة' },
      hour: { one: 'ساعة', two: 'ساعتان', few: 'ساعات', many: 'ساعة', other: 'ساعة' },
    },
    unitSpace: true,
    rejectionNote: 'ملاحظة من فريقنا: {{note}}',
    templates: {
      'verify-email': {
        subject: 'تأكيد عنوان بريدك الإلكتروني',
        body: 'يرجى تأكيد عنوان بريدك الإلكتروني حتى نتمكن من التواصل معك بشأن حسابك.\n\nافتح الرابط التالي لتأكيده:\n{{link}}\n\n{{expiry}} إذا لم تقم بإنشاء حساب، يمكنك تجاهل هذه الرسالة.',
      },
      'device-otp': {
        subject: 'رمز التحقق الخاص بك',
        body: 'يجري تسجيل الدخول إلى حسابك من متصفح أو جهاز لا نعرفه بعد. إذا كنت أنت، فأدخل الرمز التالي للتحقق منه:\n\n    {{code}}\n\n{{expiry}} إذا لم تكن أنت، فغيّر كلمة المرور فورًا.',
      },
      'reset-password': {
        subject: 'إعادة تعيين كلمة المرور',
        body: 'تلقينا طلبًا لإعادة تعيين كلمة مرور حسابك.\n\nافتح الرابط التالي لاختيار كلمة مرور جديدة:\n{{link}}\n\n{{expiry}} إذا لم تطلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',
      },
      'password-changed': {
        subject: 'تم تغيير كلمة المرور',
        body: 'تم تغيير كلمة مرور حسابك للتو.\n\nإذا كنت أنت من قام بذلك، فلا حاجة إلى أي إجراء آخر. وإن لم تكن أنت، فأعد تعيين كلمة المرور فورًا وأبلغ مندوب المبيعات الخاص بك:\n{{baseUrl}}/forgot-password',
      },
      'registration-received': {
        subject: 'لقد تلقينا طلب تسجيلك',
        body: 'شكرًا لتسجيلك. سيراجع فريقنا بياناتك ومستنداتك، وسنراسلك فور الموافقة على حسابك.\n\nمعرّف الدخول الخاص بك: {{username}}\n\nإذا لم تكن قد أكدت عنوان بريدك الإلكتروني بعد، فيرجى استخدام الرابط الوارد في الرسالة التي أرسلناها إليك.',
      },
      'user-invited': {
        subject: 'تم إنشاء حساب لك',
        body: 'تم إنشاء حساب لك على {{brand}}.\n\nمعرّف الدخول الخاص بك: {{username}}\n\nسيزوّدك الشخص الذي أنشأ الحساب بكلمة المرور؛ يُرجى تغييرها بعد تسجيل الدخول لأول مرة. سجّل الدخول من هنا:\n{{link}}\n\nإذا لم تكن تتوقع هذه الرسالة، يمكنك تجاهلها.',
      },
      'account-approved': {
        subject: 'تمت الموافقة على حسابك',
        body: 'أخبار سارّة: تمت الموافقة على حسابك على {{brand}}.\n\nمعرّف الدخول الخاص بك: {{username}}\n\nسجّل الدخول من هنا:\n{{link}}\n\nإذا لم تكن قد أكدت عنوان بريدك الإلكتروني بعد، فيرجى القيام بذلك أولًا باستخدام الرابط الوارد في الرسالة التي أرسلناها إليك.',
      },
      'account-rejected': {
        subject: 'لم تتم الموافقة على طلب تسجيلك',
        body: 'شكرًا لاهتمامك بـ{{brand}}. لقد راجعنا طلب تسجيلك، ونأسف لعدم تمكننا من الموافقة على حسابك.\n\n{{reason}}إذا كانت لديك أي أسئلة، أو رغبت في إرسال مستندات أخرى، فيرجى التواصل مع مندوب المبيعات الخاص بك.',
      },
      'reminder-due': {
        subject: 'تذكير: الحجر {{stone}}',
        body: 'طلبت منا تذكيرك اليوم بالحجر {{stone}}.\n\n{{remarks}}شاهد الحجر وتذكيراتك هنا:\n{{link}}',
      },
      'ftp-fetched': {
        subject: 'تم رفع ملفات FTP الخاصة بك',
        body: 'سلّم مصدر FTP الخاص بك {{files}} ملفًا، وقد تم رفعها واعتمادها:\n\n    أُضيف: {{added}}\n    حُدّث: {{updated}}\n    حُذف: {{deleted}}\n    صفوف غير صالحة: {{invalid}}\n\nالتقرير الكامل، مع الصفوف غير الصالحة وأسبابها، موجود في سجل الرفع الخاص بك:\n{{link}}',
      },
      'ftp-failed': {
        subject: 'تعذّر جلب ملفات FTP الخاصة بك',
        body: 'فشل الجلب المجدول من مصدر FTP الخاص بك {{host}} ({{error}}). لم يتغير مخزونك المعروض.\n\nيرجى التحقق من العنوان واسم المستخدم وكلمة المرور والمجلد هنا:\n{{link}}\n\nسنواصل المحاولة وفق جدولك ولن نراسلك مرة أخرى حتى يعمل الاتصال.',
      },
    },
  },
}
