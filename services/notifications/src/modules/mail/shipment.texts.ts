import type { MailLanguage } from './mail.texts'

/**
 * Issue 26: the buyer's mail at each step of a shipment (packed, shipped, delivered), kept beside the
 * mail module's other texts; mail.templates.ts takes it from here. Auth sends the params: orderNo,
 * status (a SHIPMENT_STEPS code), carrier, trackingNo, trackingUrl, link.
 */
export const SHIPMENT_TEMPLATES = ['shipment-updated'] as const
export type ShipmentTemplate = (typeof SHIPMENT_TEMPLATES)[number]

export interface ShipmentTexts {
  template: { subject: string; body: string }
  /** The step's words ({{step}}), by SHIPMENT_STEPS code. */
  steps: Record<'confirmed' | 'packed' | 'shipped' | 'delivered', string>
  /** {{tracking}} once shipped: the carrier, the number and the carrier's tracking page. */
  tracking: string
}

/*
 * Placeholders: {{orderNo}}, {{step}}, {{tracking}} (a paragraph, empty before shipping), {{link}}
 * (absolute: the buyer's shipments page).
 */
export const SHIPMENT_TEXTS: Record<MailLanguage, ShipmentTexts> = {
  en: {
    template: {
      subject: 'Order {{orderNo}}: {{step}}',
      body: 'Your order {{orderNo}} is now {{step}}.\n\n{{tracking}}Follow your shipments here:\n{{link}}',
    },
    steps: { confirmed: 'confirmed', packed: 'packed', shipped: 'shipped', delivered: 'delivered' },
    tracking: 'Carrier: {{carrier}}\nTracking number: {{trackingNo}}\nTrack it: {{trackingUrl}}\n\n',
  },
  fr: {
    template: {
      subject: 'Commande {{orderNo}} : {{step}}',
      body: 'Votre commande {{orderNo}} est maintenant {{step}}.\n\n{{tracking}}Suivez vos expéditions ici :\n{{link}}',
    },
    steps: { confirmed: 'confirmée', packed: 'emballée', shipped: 'expédiée', delivered: 'livrée' },
    tracking: 'Transporteur : {{carrier}}\nNuméro de suivi : {{trackingNo}}\nSuivre le colis : {{trackingUrl}}\n\n',
  },
  zh: {
    template: {
      subject: '订单 {{orderNo}}：{{step}}',
      body: '您的订单 {{orderNo}} 现已{{step}}。\n\n{{tracking}}在此跟踪您的货运：\n{{link}}',
    },
    steps: { confirmed: '确认', packed: '包装', shipped: '发货', delivered: '送达' },
    tracking: '承运商：{{carrier}}\n运单号：{{trackingNo}}\n跟踪链接：{{trackingUrl}}\n\n',
  },
  ja: {
    template: {
      subject: 'ご注文 {{orderNo}}：{{step}}',
      body: 'ご注文 {{orderNo}} は{{step}}となりました。\n\n{{tracking}}配送状況はこちらでご確認ください：\n{{link}}',
    },
    steps: { confirmed: '確定', packed: '梱包済み', shipped: '発送済み', delivered: '配達済み' },
    tracking: '配送業者：{{carrier}}\n追跡番号：{{trackingNo}}\n追跡ページ：{{trackingUrl}}\n\n',
  },
  it: {
    template: {
      subject: 'Ordine {{orderNo}}: {{step}}',
      body: 'Il tuo ordine {{orderNo}} è ora {{step}}.\n\n{{tracking}}Segui le tue spedizioni qui:\n{{link}}',
    },
    steps: { confirmed: 'confermato', packed: 'imballato', shipped: 'spedito', delivered: 'consegnato' },
    tracking:
      'Corriere: {{carrier}}\nNumero di tracciamento: {{trackingNo}}\nTraccia la spedizione: {{trackingUrl}}\n\n',
  },
  es: {
    template: {
      subject: 'Pedido {{orderNo}}: {{step}}',
      body: 'Su pedido {{orderNo}} está ahora {{step}}.\n\n{{tracking}}Siga sus envíos aquí:\n{{link}}',
    },
    steps: { confirmed: 'confirmado', packed: 'embalado', shipped: 'enviado', delivered: 'entregado' },
    tracking: 'Transportista: {{carrier}}\nNúmero de seguimiento: {{trackingNo}}\nSeguimiento: {{trackingUrl}}\n\n',
  },
  de: {
    template: {
      subject: 'Bestellung {{orderNo}}: {{step}}',
      body: 'Ihre Bestellung {{orderNo}} ist jetzt {{step}}.\n\n{{tracking}}Ihre Sendungen verfolgen Sie hier:\n{{link}}',
    },
    steps: { confirmed: 'bestätigt', packed: 'verpackt', shipped: 'versandt', delivered: 'zugestellt' },
    tracking: 'Versanddienst: {{carrier}}\nSendungsnummer: {{trackingNo}}\nSendung verfolgen: {{trackingUrl}}\n\n',
  },
  he: {
    template: {
      subject: 'הזמנה {{orderNo}}: {{step}}',
      body: 'ההזמנה שלך {{orderNo}} עכשיו {{step}}.\n\n{{tracking}}אפשר לעקוב אחר המשלוחים שלך כאן:\n{{link}}',
    },
    steps: { confirmed: 'אושרה', packed: 'נארזה', shipped: 'נשלחה', delivered: 'נמסרה' },
    tracking: 'חברת שילוח: {{carrier}}\nמספר מעקב: {{trackingNo}}\nמעקב: {{trackingUrl}}\n\n',
  },
  ar: {
    template: {
      subject: 'الطلب {{orderNo}}: {{step}}',
      body: 'طلبك {{orderNo}} الآن {{step}}.\n\n{{tracking}}تابع شحناتك من هنا:\n{{link}}',
    },
    steps: { confirmed: 'مؤكَّد', packed: 'مُغلَّف', shipped: 'مشحون', delivered: 'مُسلَّم' },
    tracking: 'شركة الشحن: {{carrier}}\nرقم التتبع: {{trackingNo}}\nتتبّع الشحنة: {{trackingUrl}}\n\n',
  },
}
