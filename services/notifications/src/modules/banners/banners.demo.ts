import { BannerKind } from '@diamond/contracts/http/misc'
import type { NewBanner } from './banners.repository'

/** The web portal's banners (banner_type 1). */
const WEB = 1

/**
 * Demo banners: a popup, the marquee line and the login slideshow. Images are web paths served by
 * the web app (web/public/banners); texts in the nine interface languages.
 */
export const DEMO_BANNERS: NewBanner[] = [
  {
    type: BannerKind.popup,
    bannerType: WEB,
    sort: 1,
    images: ['/banners/popup-1.svg'],
    description: {
      en: 'Meet us at the Hong Kong Jewellery & Gem Fair: book a cabin appointment to see certified stones in person.',
      fr: 'Retrouvez-nous au salon Jewellery & Gem Fair de Hong Kong : réservez une cabine pour voir nos pierres certifiées sur place.',
      zh: '香港珠宝首饰展览会与您相约：预约看货室，现场鉴赏带证书的钻石。',
      ja: '香港ジュエリー＆ジェムフェアに出展します。商談ブースをご予約のうえ、鑑定書付きの石を実際にご覧ください。',
      it: 'Incontriamoci alla Jewellery & Gem Fair di Hong Kong: prenota una cabina per vedere dal vivo le nostre pietre certificate.',
      es: 'Visítanos en la Jewellery & Gem Fair de Hong Kong: reserva una cabina para ver en persona nuestras piedras certificadas.',
      de: 'Treffen Sie uns auf der Jewellery & Gem Fair in Hongkong: Buchen Sie eine Kabine und sehen Sie zertifizierte Steine vor Ort.',
      he: 'פגשו אותנו בתערוכת התכשיטים והאבנים היקרות בהונג קונג: הזמינו תא צפייה וראו מקרוב אבנים עם תעודה.',
      ar: 'قابلونا في معرض هونغ كونغ للمجوهرات والأحجار الكريمة: احجزوا مقصورة لمعاينة الأحجار المعتمدة بأنفسكم.',
    },
  },
  {
    type: BannerKind.marquee,
    bannerType: WEB,
    sort: 1,
    images: [],
    description: {
      en: 'New arrivals every Monday · Prices per 3 June 2020 Rap list · Free insured shipping over $15,000',
      fr: 'Nouveautés chaque lundi · Prix selon la liste Rap du 3 juin 2020 · Livraison assurée offerte dès 15 000 $',
      zh: '每周一上新 · 价格依据2020年6月3日Rap报价表 · 订单满15,000美元免费投保运输',
      ja: '毎週月曜日に新着入荷 · 価格は2020年6月3日付Rapリストに準拠 · 15,000ドル以上で保険付き配送無料',
      it: 'Nuovi arrivi ogni lunedì · Prezzi secondo il listino Rap del 3 giugno 2020 · Spedizione assicurata gratuita oltre 15.000 $',
      es: 'Novedades cada lunes · Precios según la lista Rap del 3 de junio de 2020 · Envío asegurado gratuito a partir de 15.000 $',
      de: 'Neuheiten jeden Montag · Preise nach Rap-Liste vom 3. Juni 2020 · Kostenloser versicherter Versand ab 15.000 $',
      he: 'פריטים חדשים בכל יום שני · המחירים לפי מחירון Rap מ־3 ביוני 2020 · משלוח מבוטח חינם בהזמנה מעל 15,000$',
      ar: 'وصول جديد كل يوم اثنين · الأسعار وفق قائمة Rap بتاريخ 3 يونيو 2020 · شحن مؤمَّن مجاني للطلبات فوق 15,000 دولار',
    },
  },
  {
    type: BannerKind.loginImages,
    bannerType: WEB,
    sort: 1,
    images: ['/banners/login-1.svg', '/banners/login-2.svg', '/banners/login-3.svg'],
    description: {
      en: 'Certified diamonds from Mumbai, Surat, Antwerp, Hong Kong and New York: live, in one place.',
      fr: 'Des diamants certifiés de Mumbai, Surat, Anvers, Hong Kong et New York : en direct, au même endroit.',
      zh: '来自孟买、苏拉特、安特卫普、香港和纽约的证书钻石：实时呈现，尽在一处。',
      ja: 'ムンバイ、スーラト、アントワープ、香港、ニューヨークの鑑定書付きダイヤモンドを、ひとつの場所でリアルタイムに。',
      it: 'Diamanti certificati da Mumbai, Surat, Anversa, Hong Kong e New York: in tempo reale, in un unico posto.',
      es: 'Diamantes certificados de Bombay, Surat, Amberes, Hong Kong y Nueva York: en tiempo real y en un solo lugar.',
      de: 'Zertifizierte Diamanten aus Mumbai, Surat, Antwerpen, Hongkong und New York: live und an einem Ort.',
      he: 'יהלומים עם תעודה ממומבאי, סוראט, אנטוורפן, הונג קונג וניו יורק: בזמן אמת, במקום אחד.',
      ar: 'ألماس معتمد من مومباي وسورات وأنتويرب وهونغ كونغ ونيويورك: مباشرةً وفي مكان واحد.',
    },
  },
]
