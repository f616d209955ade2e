import type { MailLanguage } from '../mail/mail.texts'

/**
 * The digest's section on the sellers the reader follows (issue 25), in the portal's nine languages.
 * Placeholders: {{company}}, {{stones}}, {{listings}}.
 */
export interface FollowedTexts {
  title: string
  line: string
  see: string
}

export const FOLLOWED_TEXTS: Record<MailLanguage, FollowedTexts> = {
  en: {
    title: 'From sellers you follow',
    line: '{{company}}: {{stones}} new stones in {{listings}} listings',
    see: 'See the member directory:',
  },
  fr: {
    title: 'Des vendeurs que vous suivez',
    line: '{{company}} : {{stones}} nouvelles pierres en {{listings}} mises en ligne',
    see: 'Voir l’annuaire des membres :',
  },
  zh: {
    title: '来自您关注的卖家',
    line: '{{company}}：{{listings}} 次上架，共 {{stones}} 颗新钻石',
    see: '查看会员名录：',
  },
  ja: {
    title: 'フォロー中の販売者から',
    line: '{{company}}：{{listings}} 回の出品で新しい石 {{stones}} 個',
    see: 'メンバー一覧を見る：',
  },
  it: {
    title: 'Dai venditori che segui',
    line: '{{company}}: {{stones}} nuove pietre in {{listings}} pubblicazioni',
    see: 'Vedi l’elenco dei membri:',
  },
  es: {
    title: 'De los vendedores que sigue',
    line: '{{company}}: {{stones}} piedras nuevas en {{listings}} publicaciones',
    see: 'Ver el directorio de miembros:',
  },
  de: {
    title: 'Von Verkäufern, denen Sie folgen',
    line: '{{company}}: {{stones}} neue Steine in {{listings}} Einstellungen',
    see: 'Zum Mitgliederverzeichnis:',
  },
  he: {
    title: 'ממוכרים שאתה עוקב אחריהם',
    line: '{{company}}: {{stones}} אבנים חדשות ב-{{listings}} פרסומים',
    see: 'לספריית החברים:',
  },
  ar: {
    title: 'من البائعين الذين تتابعهم',
    line: '{{company}}: {{stones}} حجرًا جديدًا في {{listings}} عمليات إدراج',
    see: 'اطّلع على دليل الأعضاء:',
  },
}
