import type { MailLanguage } from '../mail/mail.texts'

/**
 * The sales team's mail for a contact-form message, in the team's language (NOTIFICATIONS_SALES_LANGUAGE).
 * Placeholders: {{name}}, {{email}}, {{subject}}, {{message}}, {{signedIn}} (the paragraph saying which
 * account sent it, when one did).
 */
export const CONTACT_MAIL_TEXTS: Record<
  MailLanguage,
  { subject: string; greeting: string; body: string; signedIn: string }
> = {
  en: {
    subject: 'Contact form: {{subject}}',
    greeting: 'Hello sales team,',
    body: 'A message came in through the contact form.\n\nFrom: {{name}} <{{email}}>\nSubject: {{subject}}\n\n{{message}}\n\n{{signedIn}}Please answer the sender at {{email}}.',
    signedIn: 'Sent while signed in as {{username}}.\n\n',
  },
  fr: {
    subject: 'Formulaire de contact : {{subject}}',
    greeting: 'Bonjour à l’équipe commerciale,',
    body: 'Un message est arrivé par le formulaire de contact.\n\nDe : {{name}} <{{email}}>\nObjet : {{subject}}\n\n{{message}}\n\n{{signedIn}}Merci de répondre à l’expéditeur à {{email}}.',
    signedIn: 'Envoyé par le compte {{username}}.\n\n',
  },
  zh: {
    subject: '联系表单：{{subject}}',
    greeting: '销售团队，您好：',
    body: '联系表单收到一条新留言。\n\n发件人：{{name}} <{{email}}>\n主题：{{subject}}\n\n{{message}}\n\n{{signedIn}}请回复发件人：{{email}}。',
    signedIn: '发送时登录的账户：{{username}}。\n\n',
  },
  ja: {
    subject: 'お問い合わせフォーム：{{subject}}',
    greeting: '営業チームの皆さま',
    body: 'お問い合わせフォームからメッセージが届きました。\n\n差出人：{{name}} <{{email}}>\n件名：{{subject}}\n\n{{message}}\n\n{{signedIn}}{{email}} 宛てにご返信ください。',
    signedIn: '送信時のログインアカウント：{{username}}\n\n',
  },
  it: {
    subject: 'Modulo di contatto: {{subject}}',
    greeting: 'Buongiorno team vendite,',
    body: 'È arrivato un messaggio dal modulo di contatto.\n\nDa: {{name}} <{{email}}>\nOggetto: {{subject}}\n\n{{message}}\n\n{{signedIn}}Rispondete al mittente all’indirizzo {{email}}.',
    signedIn: 'Inviato dall’account {{username}}.\n\n',
  },
  es: {
    subject: 'Formulario de contacto: {{subject}}',
    greeting: 'Hola, equipo de ventas:',
    body: 'Ha llegado un mensaje por el formulario de contacto.\n\nDe: {{name}} <{{email}}>\nAsunto: {{subject}}\n\n{{message}}\n\n{{signedIn}}Respondan al remitente en {{email}}.',
    signedIn: 'Enviado con la cuenta {{username}}.\n\n',
  },
  de: {
    subject: 'Kontaktformular: {{subject}}',
    greeting: 'Hallo Vertriebsteam,',
    body: 'Über das Kontaktformular ist eine Nachricht eingegangen.\n\nVon: {{name}} <{{email}}>\nBetreff: {{subject}}\n\n{{message}}\n\n{{signedIn}}Bitte antworten Sie dem Absender unter {{email}}.',
    signedIn: 'Gesendet mit dem Konto {{username}}.\n\n',
  },
  he: {
    subject: 'טופס יצירת קשר: {{subject}}',
    greeting: 'שלום לצוות המכירות,',
    body: 'התקבלה הודעה דרך טופס יצירת הקשר.\n\nמאת: {{name}} <{{email}}>\nנושא: {{subject}}\n\n{{message}}\n\n{{signedIn}}נא להשיב לשולח בכתובת {{email}}.',
    signedIn: 'נשלח מהחשבון {{username}}.\n\n',
  },
  ar: {
    subject: 'نموذج الاتصال: {{subject}}',
    greeting: 'مرحبًا فريق المبيعات،',
    body: 'وصلت رسالة عبر نموذج الاتصال.\n\nمن: {{name}} <{{email}}>\nالموضوع: {{subject}}\n\n{{message}}\n\n{{signedIn}}يرجى الرد على المرسل على {{email}}.',
    signedIn: 'أُرسلت من الحساب {{username}}.\n\n',
  },
}
