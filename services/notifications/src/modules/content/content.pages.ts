import type { ContentLanguage, PageSlug } from '@diamond/contracts/http/care.values'

type Text = { title: string; body: string }

/**
 * The starting text of the portal's pages, in the nine languages: what a new portal shows until staff
 * edit it (page/save). Markdown, no HTML (content.rules.ts checks these too, in a unit test).
 */
export const PAGE_TEXTS: Record<PageSlug, Record<ContentLanguage, Text>> = {
  'terms-of-use': {
    en: {
      title: 'Terms of use',
      body: `These terms govern the use of the Diamond Portal, a business-to-business marketplace for natural, certified diamonds. By registering or signing in you accept them on behalf of your company.

## Who may trade
Only approved members of the diamond and jewellery trade may buy or sell. We check each company's registration documents and KYC form before approval, and we may suspend an account that gives false information.

## Prices and orders
Prices are in US dollars, per carat or per stone as shown, and are based on the current Rap list and each seller's discount. A hold, memo or bid reserves a stone only for the time shown. An order is binding once confirmed; delivery, insurance and payment follow the invoice and the bill type chosen.

## Stone information
Sellers are responsible for the accuracy of the grades, measurements, images and certificates they list. Certificates can be checked on the laboratories' own sites from each stone's page.

## Conduct
Do not share your login, copy our stock lists for resale, or try to reach the system in ways it does not offer. We log sign-ins and actions to keep the marketplace safe.

## Liability and law
The portal is provided as is; our liability is limited to the value of the order concerned. These terms are governed by the laws of the place of registration of the operating company. Questions: [contact us](/contact).`,
    },
    fr: {
      title: 'Conditions d’utilisation',
      body: `Ces conditions régissent l’utilisation du Portail Diamant, une place de marché professionnelle de diamants naturels certifiés. En vous inscrivant ou en vous connectant, vous les acceptez au nom de votre société.

## Qui peut négocier
Seuls les membres agréés du négoce du diamant et de la joaillerie peuvent acheter ou vendre. Nous vérifions les documents d’enregistrement et le formulaire KYC de chaque société avant l’agrément, et pouvons suspendre un compte qui fournit de fausses informations.

## Prix et commandes
Les prix sont en dollars américains, par carat ou par pierre selon l’affichage, et reposent sur la liste Rap en vigueur et la remise de chaque vendeur. Une réservation, un mémo ou une enchère ne réserve une pierre que pour la durée indiquée. Une commande est ferme dès sa confirmation ; livraison, assurance et paiement suivent la facture et le type de facturation choisi.

## Informations sur les pierres
Les vendeurs sont responsables de l’exactitude des caractéristiques, mesures, images et certificats qu’ils publient. Les certificats peuvent être vérifiés sur les sites des laboratoires depuis la page de chaque pierre.

## Conduite
Ne partagez pas votre identifiant, ne copiez pas nos listes de stock pour les revendre et n’essayez pas d’accéder au système autrement que par les moyens proposés. Nous enregistrons connexions et actions pour la sécurité de la place de marché.

## Responsabilité et droit applicable
Le portail est fourni en l’état ; notre responsabilité est limitée à la valeur de la commande concernée. Ces conditions relèvent du droit du lieu d’immatriculation de la société exploitante. Questions : [contactez-nous](/contact).`,
    },
    zh: {
      title: '使用条款',
      body: `本条款适用于钻石交易平台的使用。本平台是面向企业的天然证书钻石交易市场。注册或登录即表示您代表贵公司接受本条款。

## 交易资格
只有经批准的钻石及珠宝行业会员方可买卖。批准前我们会审核每家公司的注册文件和 KYC 表格；如提供虚假信息，我们可暂停其账户。

## 价格与订单
价格以美元计，按每克拉或每颗显示，依据当期 Rap 报价表及各卖家的折扣。保留、寄售（memo）或出价仅在显示的时间内锁定钻石。订单一经确认即具约束力；交付、保险和付款按发票及所选账单类型执行。

## 钻石信息
卖家对其发布的分级、尺寸、图片和证书的准确性负责。可从每颗钻石的页面前往各鉴定机构官网核验证书。

## 行为规范
请勿共享登录账号、复制库存清单用于转售，或以平台未提供的方式访问系统。为保障市场安全，我们会记录登录和操作。

## 责任与适用法律
本平台按现状提供；我们的责任以相关订单金额为限。本条款受运营公司注册地法律管辖。如有疑问，请[联系我们](/contact)。`,
    },
    ja: {
      title: '利用規約',
      body: `本規約は、天然の鑑定書付きダイヤモンドを扱う企業間取引マーケットプレイス「ダイヤモンドポータル」の利用に適用されます。登録またはログインにより、貴社を代表して本規約に同意したものとみなします。

## 取引できる方
承認されたダイヤモンド・ジュエリー業界の会員のみが売買できます。承認前に各社の登記書類と KYC フォームを確認し、虚偽の情報があった場合はアカウントを停止することがあります。

## 価格と注文
価格は米ドル建てで、表示に従いカラット単価または1石単価です。現行の Rap リストと各売主の割引率に基づきます。ホールド、メモ、入札は表示された期間のみ石を確保します。注文は確定した時点で拘束力を持ち、配送・保険・支払いは請求書と選択した請求種別に従います。

## 石の情報
売主は掲載するグレード、寸法、画像、鑑定書の正確性に責任を負います。鑑定書は各石のページから鑑定機関のサイトで確認できます。

## 禁止事項
ログイン情報の共有、在庫リストの転売目的の複製、提供されていない方法でのシステムへのアクセスは禁止です。安全のため、ログインと操作を記録します。

## 責任と準拠法
本ポータルは現状のまま提供され、当社の責任は該当する注文の金額を上限とします。本規約は運営会社の登記地の法律に準拠します。ご質問は[お問い合わせ](/contact)へ。`,
    },
    it: {
      title: 'Condizioni d’uso',
      body: `Queste condizioni regolano l’uso del Portale Diamanti, un mercato tra aziende di diamanti naturali certificati. Registrandovi o accedendo le accettate per conto della vostra azienda.

## Chi può negoziare
Solo i membri approvati del commercio di diamanti e gioielli possono comprare o vendere. Prima dell’approvazione verifichiamo i documenti di registrazione e il modulo KYC di ogni azienda, e possiamo sospendere un account che fornisce informazioni false.

## Prezzi e ordini
I prezzi sono in dollari USA, per carato o per pietra come indicato, e si basano sul listino Rap in vigore e sullo sconto di ciascun venditore. Un blocco, un memo o un’offerta d’asta riservano una pietra solo per il tempo indicato. Un ordine è vincolante una volta confermato; consegna, assicurazione e pagamento seguono la fattura e il tipo di fatturazione scelto.

## Informazioni sulle pietre
I venditori rispondono dell’esattezza di gradazioni, misure, immagini e certificati pubblicati. I certificati si possono verificare sui siti dei laboratori dalla pagina di ogni pietra.

## Condotta
Non condividete le credenziali, non copiate i nostri elenchi di stock per rivenderli e non cercate di accedere al sistema in modi non previsti. Registriamo accessi e azioni per la sicurezza del mercato.

## Responsabilità e legge applicabile
Il portale è fornito così com’è; la nostra responsabilità è limitata al valore dell’ordine interessato. Queste condizioni sono regolate dalla legge del luogo di registrazione della società che lo gestisce. Domande: [contattateci](/contact).`,
    },
    es: {
      title: 'Condiciones de uso',
      body: `Estas condiciones regulan el uso del Portal de Diamantes, un mercado entre empresas de diamantes naturales certificados. Al registrarse o iniciar sesión las acepta en nombre de su empresa.

## Quién puede operar
Solo los miembros aprobados del comercio de diamantes y joyería pueden comprar o vender. Antes de aprobar una cuenta revisamos los documentos de registro y el formulario KYC de la empresa, y podemos suspender una cuenta que dé información falsa.

## Precios y pedidos
Los precios están en dólares estadounidenses, por quilate o por piedra según se indique, y se basan en la lista Rap vigente y el descuento de cada vendedor. Una retención, un memo o una puja reservan una piedra solo durante el tiempo indicado. Un pedido es vinculante una vez confirmado; la entrega, el seguro y el pago siguen la factura y el tipo de facturación elegido.

## Información de las piedras
Los vendedores responden de la exactitud de las calidades, medidas, imágenes y certificados que publican. Los certificados pueden comprobarse en las webs de los laboratorios desde la página de cada piedra.

## Conducta
No comparta su acceso, no copie nuestras listas de stock para revenderlas ni intente entrar al sistema por vías que no ofrece. Registramos accesos y acciones para proteger el mercado.

## Responsabilidad y ley aplicable
El portal se ofrece tal cual; nuestra responsabilidad se limita al valor del pedido afectado. Estas condiciones se rigen por la ley del lugar de registro de la empresa operadora. Dudas: [contáctenos](/contact).`,
    },
    de: {
      title: 'Nutzungsbedingungen',
      body: `Diese Bedingungen regeln die Nutzung des Diamantportals, eines B2B-Marktplatzes für natürliche, zertifizierte Diamanten. Mit der Registrierung oder Anmeldung erkennen Sie sie im Namen Ihres Unternehmens an.

## Wer handeln darf
Nur zugelassene Mitglieder des Diamant- und Schmuckhandels dürfen kaufen oder verkaufen. Vor der Zulassung prüfen wir die Registrierungsunterlagen und das KYC-Formular jedes Unternehmens; bei falschen Angaben können wir ein Konto sperren.

## Preise und Bestellungen
Preise gelten in US-Dollar, je Karat oder je Stein wie angezeigt, auf Grundlage der aktuellen Rap-Liste und des Rabatts des jeweiligen Verkäufers. Eine Reservierung, ein Memo oder ein Gebot hält einen Stein nur für die angezeigte Zeit. Eine Bestellung ist mit der Bestätigung verbindlich; Lieferung, Versicherung und Zahlung richten sich nach Rechnung und gewählter Rechnungsart.

## Steininformationen
Verkäufer haften für die Richtigkeit der Graduierungen, Maße, Bilder und Zertifikate, die sie einstellen. Zertifikate lassen sich von der Seite jedes Steins aus auf den Websites der Labore prüfen.

## Verhalten
Geben Sie Ihre Zugangsdaten nicht weiter, kopieren Sie unsere Bestandslisten nicht zum Weiterverkauf und greifen Sie nicht auf anderen als den angebotenen Wegen auf das System zu. Anmeldungen und Aktionen werden zur Sicherheit protokolliert.

## Haftung und Recht
Das Portal wird so bereitgestellt, wie es ist; unsere Haftung ist auf den Wert der betroffenen Bestellung begrenzt. Es gilt das Recht am Sitz der Betreibergesellschaft. Fragen: [Kontakt](/contact).`,
    },
    he: {
      title: 'תנאי שימוש',
      body: `תנאים אלה חלים על השימוש בפורטל היהלומים, שוק בין עסקים ליהלומים טבעיים עם תעודה. בהרשמה או בכניסה אתם מקבלים אותם בשם החברה שלכם.

## מי רשאי לסחור
רק חברים מאושרים בענף היהלומים והתכשיטים רשאים לקנות ולמכור. לפני האישור אנו בודקים את מסמכי הרישום וטופס ה־KYC של כל חברה, ורשאים להשעות חשבון שמסר מידע כוזב.

## מחירים והזמנות
המחירים בדולר אמריקאי, לקראט או לאבן כפי שמוצג, ומבוססים על מחירון Rap העדכני ועל ההנחה של כל מוכר. החזקה, ממו או הצעה במכרז שומרים אבן רק לזמן המוצג. הזמנה מחייבת מרגע שאושרה; המשלוח, הביטוח והתשלום לפי החשבונית וסוג החיוב שנבחר.

## מידע על האבנים
המוכרים אחראים לדיוק הדירוגים, המידות, התמונות והתעודות שהם מפרסמים. ניתן לאמת תעודות באתרי המעבדות מדף כל אבן.

## התנהלות
אין לשתף את פרטי הכניסה, להעתיק את רשימות המלאי שלנו למכירה חוזרת או לנסות לגשת למערכת בדרכים שאינה מציעה. אנו מתעדים כניסות ופעולות כדי לשמור על בטחון השוק.

## אחריות ודין
הפורטל מסופק כמות שהוא; אחריותנו מוגבלת לערך ההזמנה הנוגעת בדבר. על תנאים אלה חל הדין של מקום רישום החברה המפעילה. שאלות: [צרו קשר](/contact).`,
    },
    ar: {
      title: 'شروط الاستخدام',
      body: `تحكم هذه الشروط استخدام بوابة الألماس، وهي سوق بين الشركات للألماس الطبيعي المعتمد. بالتسجيل أو تسجيل الدخول فإنك تقبلها نيابةً عن شركتك.

## من يحق له التداول
لا يحق البيع أو الشراء إلا للأعضاء المعتمدين من تجار الألماس والمجوهرات. نراجع وثائق تسجيل كل شركة ونموذج «اعرف عميلك» قبل الموافقة، ويجوز لنا تعليق أي حساب يقدّم معلومات غير صحيحة.

## الأسعار والطلبات
الأسعار بالدولار الأمريكي، للقيراط أو للحجر كما هو معروض، وتستند إلى قائمة Rap الحالية وخصم كل بائع. الحجز أو المذكرة أو المزايدة تحجز الحجر للمدة المعروضة فقط. يصبح الطلب ملزمًا بمجرد تأكيده، ويتبع التسليم والتأمين والدفع الفاتورة ونوع الفوترة المختار.

## معلومات الأحجار
البائعون مسؤولون عن دقة التصنيفات والمقاسات والصور والشهادات التي ينشرونها. يمكن التحقق من الشهادات على مواقع المختبرات من صفحة كل حجر.

## السلوك
لا تشارك بيانات دخولك، ولا تنسخ قوائم المخزون لإعادة بيعها، ولا تحاول الوصول إلى النظام بطرق لا يتيحها. نسجّل عمليات الدخول والإجراءات حفاظًا على أمان السوق.

## المسؤولية والقانون
تُقدَّم البوابة كما هي، وتقتصر مسؤوليتنا على قيمة الطلب المعني. تخضع هذه الشروط لقانون مكان تسجيل الشركة المشغّلة. للاستفسار: [اتصل بنا](/contact).`,
    },
  },
  'privacy-notice': {
    en: {
      title: 'Privacy notice',
      body: `We process the personal data of members and their staff to run the marketplace: your name, company, contact details, registration and KYC documents, sign-ins and trading history.

- **Why**: to approve your account, carry out orders and shipments, meet anti-money-laundering duties, keep the portal secure and, if you agree, send stock updates.
- **Who sees it**: our sales and compliance staff, and the carriers, insurers and laboratories an order needs. We never sell your data.
- **How long**: for as long as your account is active, and afterwards as long as trade and tax law requires.
- **Your rights**: you may ask to see, correct or erase your data, or object to marketing, by writing to us through the [contact form](/contact).

Sessions use a token kept in your browser; we set no advertising cookies.`,
    },
    fr: {
      title: 'Avis de confidentialité',
      body: `Nous traitons les données personnelles des membres et de leur personnel pour faire fonctionner la place de marché : nom, société, coordonnées, documents d’enregistrement et KYC, connexions et historique des transactions.

- **Pourquoi** : agréer votre compte, exécuter commandes et expéditions, respecter nos obligations de lutte contre le blanchiment, sécuriser le portail et, si vous l’acceptez, vous envoyer des nouvelles du stock.
- **Qui y accède** : nos équipes commerciales et conformité, ainsi que les transporteurs, assureurs et laboratoires nécessaires à une commande. Nous ne vendons jamais vos données.
- **Combien de temps** : tant que votre compte est actif, puis aussi longtemps que le droit commercial et fiscal l’exige.
- **Vos droits** : vous pouvez demander l’accès, la rectification ou l’effacement de vos données, ou vous opposer à la prospection, via le [formulaire de contact](/contact).

Les sessions utilisent un jeton conservé dans votre navigateur ; aucun cookie publicitaire n’est déposé.`,
    },
    zh: {
      title: '隐私声明',
      body: `为运营交易市场，我们处理会员及其员工的个人数据：姓名、公司、联系方式、注册及 KYC 文件、登录记录和交易历史。

- **目的**：审批账户、执行订单和发货、履行反洗钱义务、保障平台安全，并在您同意时发送库存更新。
- **谁可查看**：我们的销售和合规人员，以及订单所需的承运商、保险公司和鉴定机构。我们绝不出售您的数据。
- **保存期限**：账户有效期间，以及此后商业和税务法规要求的期限。
- **您的权利**：您可通过[联系表单](/contact)要求查阅、更正或删除数据，或拒绝营销信息。

会话使用保存在浏览器中的令牌；我们不设置任何广告 Cookie。`,
    },
    ja: {
      title: 'プライバシー通知',
      body: `マーケットプレイス運営のため、会員およびその従業員の個人データ（氏名、会社、連絡先、登記書類と KYC 書類、ログイン、取引履歴）を取り扱います。

- **目的**：アカウントの承認、注文と発送の実行、マネーロンダリング対策の義務の履行、ポータルの安全確保、ご同意いただいた場合の在庫情報の送付。
- **閲覧者**：当社の営業・コンプライアンス担当者、および注文に必要な運送会社、保険会社、鑑定機関。データを販売することはありません。
- **保存期間**：アカウントが有効な間、およびその後は商法・税法が定める期間。
- **お客様の権利**：[お問い合わせフォーム](/contact)から、データの開示・訂正・削除、またはマーケティングの停止を依頼できます。

セッションにはブラウザに保存されるトークンを使用し、広告用 Cookie は使用しません。`,
    },
    it: {
      title: 'Informativa sulla privacy',
      body: `Trattiamo i dati personali dei membri e del loro personale per gestire il mercato: nome, azienda, recapiti, documenti di registrazione e KYC, accessi e storico delle operazioni.

- **Perché**: per approvare l’account, eseguire ordini e spedizioni, adempiere agli obblighi antiriciclaggio, proteggere il portale e, se acconsentite, inviarvi aggiornamenti sullo stock.
- **Chi li vede**: il nostro personale commerciale e di compliance, e i corrieri, gli assicuratori e i laboratori necessari a un ordine. Non vendiamo mai i vostri dati.
- **Per quanto tempo**: finché l’account è attivo e poi quanto richiesto dalla legge commerciale e fiscale.
- **I vostri diritti**: potete chiedere accesso, rettifica o cancellazione dei dati, od opporvi al marketing, tramite il [modulo di contatto](/contact).

Le sessioni usano un token conservato nel browser; non usiamo cookie pubblicitari.`,
    },
    es: {
      title: 'Aviso de privacidad',
      body: `Tratamos los datos personales de los miembros y su personal para operar el mercado: nombre, empresa, datos de contacto, documentos de registro y KYC, accesos e historial de operaciones.

- **Para qué**: aprobar su cuenta, ejecutar pedidos y envíos, cumplir las obligaciones contra el blanqueo de capitales, proteger el portal y, si lo acepta, enviarle novedades de stock.
- **Quién los ve**: nuestro personal de ventas y cumplimiento, y los transportistas, aseguradoras y laboratorios que un pedido requiera. Nunca vendemos sus datos.
- **Cuánto tiempo**: mientras su cuenta esté activa y, después, lo que exija la ley mercantil y fiscal.
- **Sus derechos**: puede pedir acceso, rectificación o supresión de sus datos, u oponerse al marketing, mediante el [formulario de contacto](/contact).

Las sesiones usan un token guardado en su navegador; no usamos cookies publicitarias.`,
    },
    de: {
      title: 'Datenschutzhinweis',
      body: `Wir verarbeiten personenbezogene Daten der Mitglieder und ihrer Mitarbeitenden, um den Marktplatz zu betreiben: Name, Unternehmen, Kontaktdaten, Registrierungs- und KYC-Unterlagen, Anmeldungen und Handelsverlauf.

- **Wozu**: um Ihr Konto zuzulassen, Bestellungen und Sendungen abzuwickeln, Pflichten zur Geldwäscheprävention zu erfüllen, das Portal zu sichern und Ihnen, wenn Sie zustimmen, Bestandsneuigkeiten zu senden.
- **Wer sie sieht**: unsere Vertriebs- und Compliance-Mitarbeitenden sowie Spediteure, Versicherer und Labore, die eine Bestellung erfordert. Wir verkaufen Ihre Daten nie.
- **Wie lange**: solange Ihr Konto aktiv ist, danach so lange, wie Handels- und Steuerrecht es verlangen.
- **Ihre Rechte**: Auskunft, Berichtigung, Löschung oder Widerspruch gegen Werbung können Sie über das [Kontaktformular](/contact) verlangen.

Sitzungen nutzen ein Token in Ihrem Browser; Werbe-Cookies setzen wir nicht.`,
    },
    he: {
      title: 'הודעת פרטיות',
      body: `אנו מעבדים מידע אישי של חברים ושל עובדיהם כדי להפעיל את השוק: שם, חברה, פרטי קשר, מסמכי רישום ו־KYC, כניסות והיסטוריית מסחר.

- **למה**: כדי לאשר את החשבון, לבצע הזמנות ומשלוחים, לעמוד בחובות איסור הלבנת הון, לאבטח את הפורטל ולשלוח עדכוני מלאי אם הסכמתם.
- **מי רואה**: צוותי המכירות והציות שלנו, וכן המובילים, המבטחים והמעבדות שהזמנה מחייבת. לעולם איננו מוכרים את המידע שלכם.
- **כמה זמן**: כל עוד החשבון פעיל, ולאחר מכן ככל שדיני המסחר והמס מחייבים.
- **הזכויות שלכם**: ניתן לבקש לעיין במידע, לתקנו או למחקו, או להתנגד לדיוור, דרך [טופס יצירת הקשר](/contact).

ההתחברות נשמרת באסימון בדפדפן; איננו משתמשים בעוגיות פרסום.`,
    },
    ar: {
      title: 'إشعار الخصوصية',
      body: `نعالج البيانات الشخصية للأعضاء وموظفيهم لتشغيل السوق: الاسم والشركة وبيانات الاتصال ووثائق التسجيل و«اعرف عميلك» وعمليات الدخول وسجل التداول.

- **لماذا**: للموافقة على حسابك وتنفيذ الطلبات والشحنات والوفاء بالتزامات مكافحة غسل الأموال وتأمين البوابة، وإرسال تحديثات المخزون إن وافقت.
- **من يطّلع عليها**: موظفو المبيعات والامتثال لدينا، وشركات الشحن والتأمين والمختبرات التي يحتاجها الطلب. لا نبيع بياناتك أبدًا.
- **إلى متى**: ما دام حسابك نشطًا، ثم المدة التي يفرضها القانون التجاري والضريبي.
- **حقوقك**: يمكنك طلب الاطلاع على بياناتك أو تصحيحها أو حذفها، أو الاعتراض على التسويق، عبر [نموذج الاتصال](/contact).

تستخدم الجلسات رمزًا محفوظًا في متصفحك، ولا نستخدم ملفات تعريف ارتباط إعلانية.`,
    },
  },
  about: {
    en: {
      title: 'About us',
      body: `The Diamond Portal connects manufacturers and wholesalers in Mumbai, Surat, Antwerp, Hong Kong, Tel Aviv and New York with jewellers and retailers worldwide. Every stone listed is natural and graded by an independent laboratory (GIA, IGI or HRD).

- Live stock from vetted sellers, updated as stones are held, sold or uploaded
- Holds, memos, offers, live and sealed auctions in one place
- Viewing cabins in our offices and a sales team that answers in your language

Trade with confidence: [read our terms](/terms-of-use) or [get in touch](/contact).`,
    },
    fr: {
      title: 'À propos',
      body: `Le Portail Diamant relie les fabricants et grossistes de Mumbai, Surat, Anvers, Hong Kong, Tel-Aviv et New York aux joailliers et détaillants du monde entier. Chaque pierre proposée est naturelle et certifiée par un laboratoire indépendant (GIA, IGI ou HRD).

- Un stock en direct de vendeurs vérifiés, mis à jour à chaque réservation, vente ou import
- Réservations, mémos, offres, enchères ouvertes et scellées au même endroit
- Des cabines de présentation dans nos bureaux et une équipe commerciale qui parle votre langue

Négociez en confiance : [lisez nos conditions](/terms-of-use) ou [contactez-nous](/contact).`,
    },
    zh: {
      title: '关于我们',
      body: `钻石交易平台连接孟买、苏拉特、安特卫普、香港、特拉维夫和纽约的制造商与批发商，以及全球的珠宝商和零售商。平台上的每颗钻石均为天然钻石，并经独立鉴定机构（GIA、IGI 或 HRD）分级。

- 来自经审核卖家的实时库存，保留、售出或上传时即时更新
- 保留、寄售、报价、公开竞拍与密封竞拍一站完成
- 办公室设有看货室，销售团队以您的语言服务

放心交易：[阅读条款](/terms-of-use)或[联系我们](/contact)。`,
    },
    ja: {
      title: '会社概要',
      body: `ダイヤモンドポータルは、ムンバイ、スーラト、アントワープ、香港、テルアビブ、ニューヨークのメーカー・卸売業者と、世界中の宝飾店・小売業者をつなぎます。掲載される石はすべて天然で、独立した鑑定機関（GIA、IGI、HRD）のグレーディングを受けています。

- 審査済みの売主によるリアルタイム在庫。ホールド、販売、アップロードのたびに更新
- ホールド、メモ、オファー、公開入札と封印入札をひとつの場所で
- オフィスの商談ブースと、お客様の言語で対応する営業チーム

安心してお取引ください：[利用規約](/terms-of-use)・[お問い合わせ](/contact)`,
    },
    it: {
      title: 'Chi siamo',
      body: `Il Portale Diamanti collega produttori e grossisti di Mumbai, Surat, Anversa, Hong Kong, Tel Aviv e New York con gioiellieri e dettaglianti di tutto il mondo. Ogni pietra in elenco è naturale e certificata da un laboratorio indipendente (GIA, IGI o HRD).

- Stock in tempo reale di venditori verificati, aggiornato a ogni blocco, vendita o caricamento
- Blocchi, memo, offerte, aste aperte e in busta chiusa in un unico posto
- Cabine di visione nei nostri uffici e un team vendite che parla la vostra lingua

Negoziate con fiducia: [leggete le condizioni](/terms-of-use) o [contattateci](/contact).`,
    },
    es: {
      title: 'Quiénes somos',
      body: `El Portal de Diamantes conecta a fabricantes y mayoristas de Bombay, Surat, Amberes, Hong Kong, Tel Aviv y Nueva York con joyeros y minoristas de todo el mundo. Cada piedra publicada es natural y está graduada por un laboratorio independiente (GIA, IGI o HRD).

- Stock en tiempo real de vendedores verificados, actualizado con cada retención, venta o carga
- Retenciones, memos, ofertas y subastas abiertas o en sobre cerrado en un solo lugar
- Cabinas de visualización en nuestras oficinas y un equipo de ventas que habla su idioma

Opere con confianza: [lea nuestras condiciones](/terms-of-use) o [contáctenos](/contact).`,
    },
    de: {
      title: 'Über uns',
      body: `Das Diamantportal verbindet Hersteller und Großhändler in Mumbai, Surat, Antwerpen, Hongkong, Tel Aviv und New York mit Juwelieren und Händlern weltweit. Jeder angebotene Stein ist natürlich und von einem unabhängigen Labor (GIA, IGI oder HRD) graduiert.

- Live-Bestand geprüfter Verkäufer, aktualisiert bei jeder Reservierung, jedem Verkauf und Upload
- Reservierungen, Memos, Angebote, offene und verdeckte Auktionen an einem Ort
- Besichtigungskabinen in unseren Büros und ein Vertriebsteam, das Ihre Sprache spricht

Handeln Sie mit Vertrauen: [Nutzungsbedingungen lesen](/terms-of-use) oder [Kontakt aufnehmen](/contact).`,
    },
    he: {
      title: 'אודותינו',
      body: `פורטל היהלומים מחבר יצרנים וסיטונאים במומבאי, סוראט, אנטוורפן, הונג קונג, תל אביב וניו יורק עם צורפים וקמעונאים בכל העולם. כל אבן המוצעת היא טבעית ומדורגת על ידי מעבדה בלתי תלויה (GIA,‏ IGI או HRD).

- מלאי חי ממוכרים שנבדקו, מתעדכן בכל החזקה, מכירה או העלאה
- החזקות, ממו, הצעות, מכרזים פתוחים וסגורים במקום אחד
- תאי צפייה במשרדינו וצוות מכירות שמדבר בשפה שלכם

סחרו בביטחון: [קראו את התנאים](/terms-of-use) או [צרו קשר](/contact).`,
    },
    ar: {
      title: 'من نحن',
      body: `تربط بوابة الألماس المصنّعين وتجار الجملة في مومباي وسورات وأنتويرب وهونغ كونغ وتل أبيب ونيويورك بتجار المجوهرات والتجزئة حول العالم. كل حجر معروض طبيعي ومصنّف من مختبر مستقل (GIA أو IGI أو HRD).

- مخزون مباشر من بائعين موثّقين، يُحدَّث مع كل حجز أو بيع أو تحميل
- الحجوزات والمذكرات والعروض والمزادات المفتوحة والمغلقة في مكان واحد
- غرف معاينة في مكاتبنا وفريق مبيعات يتحدث لغتك

تداول بثقة: [اقرأ شروطنا](/terms-of-use) أو [تواصل معنا](/contact).`,
    },
  },
  csr: {
    en: {
      title: 'Corporate social responsibility',
      body: `Diamonds carry trust. We only list stones whose sellers follow the **Kimberley Process** and the World Diamond Council's System of Warranties, and we ask every member to confirm it at registration.

- **Responsible sourcing**: sellers keep chain-of-custody records we may audit.
- **Fair work**: we support cutting centres that pay fair wages and train young polishers in Surat and Antwerp.
- **Lower footprint**: virtual viewing, video calls and consolidated insured shipments cut travel and packaging.`,
    },
    fr: {
      title: 'Responsabilité sociétale',
      body: `Les diamants reposent sur la confiance. Nous ne proposons que des pierres dont les vendeurs respectent le **Processus de Kimberley** et le Système de garanties du World Diamond Council, et chaque membre le confirme à l’inscription.

- **Approvisionnement responsable** : les vendeurs tiennent une traçabilité que nous pouvons auditer.
- **Travail équitable** : nous soutenons des ateliers de taille qui paient des salaires justes et forment de jeunes polisseurs à Surat et Anvers.
- **Empreinte réduite** : présentations virtuelles, appels vidéo et envois assurés groupés limitent déplacements et emballages.`,
    },
    zh: {
      title: '企业社会责任',
      body: `钻石承载信任。我们只上架遵守**金伯利进程**及世界钻石理事会保证体系的卖家的钻石，每位会员在注册时均需确认。

- **负责任采购**：卖家保存可供我们审核的流转记录。
- **公平劳动**：我们支持在苏拉特和安特卫普支付公平工资、培训年轻抛光师的切割中心。
- **降低足迹**：线上看货、视频通话和合并投保运输减少差旅和包装。`,
    },
    ja: {
      title: '企業の社会的責任',
      body: `ダイヤモンドは信頼の上に成り立ちます。当社は**キンバリー・プロセス**と世界ダイヤモンド評議会の保証制度を守る売主の石のみを掲載し、登録時に全会員に確認を求めています。

- **責任ある調達**：売主は当社が監査できる流通記録を保持します。
- **公正な労働**：スーラトとアントワープで公正な賃金を支払い、若い研磨職人を育てる研磨工房を支援します。
- **環境負荷の低減**：オンライン商談、ビデオ通話、まとめて保険付きで送る配送で移動と梱包を減らします。`,
    },
    it: {
      title: 'Responsabilità sociale d’impresa',
      body: `I diamanti si basano sulla fiducia. Pubblichiamo solo pietre di venditori che rispettano il **Processo di Kimberley** e il Sistema di garanzie del World Diamond Council, e ogni membro lo conferma alla registrazione.

- **Approvvigionamento responsabile**: i venditori conservano la tracciabilità che possiamo verificare.
- **Lavoro equo**: sosteniamo laboratori di taglio che pagano salari equi e formano giovani lucidatori a Surat e Anversa.
- **Impatto ridotto**: visioni virtuali, videochiamate e spedizioni assicurate consolidate riducono viaggi e imballaggi.`,
    },
    es: {
      title: 'Responsabilidad social corporativa',
      body: `Los diamantes se basan en la confianza. Solo publicamos piedras de vendedores que cumplen el **Proceso de Kimberley** y el Sistema de Garantías del World Diamond Council, y cada miembro lo confirma al registrarse.

- **Abastecimiento responsable**: los vendedores conservan la trazabilidad que podemos auditar.
- **Trabajo justo**: apoyamos talleres de talla que pagan salarios justos y forman a jóvenes pulidores en Surat y Amberes.
- **Menor huella**: visualizaciones virtuales, videollamadas y envíos asegurados consolidados reducen viajes y embalajes.`,
    },
    de: {
      title: 'Unternehmerische Verantwortung',
      body: `Diamanten leben von Vertrauen. Wir bieten nur Steine von Verkäufern an, die den **Kimberley-Prozess** und das Garantiesystem des World Diamond Council einhalten; jedes Mitglied bestätigt dies bei der Registrierung.

- **Verantwortungsvolle Beschaffung**: Verkäufer führen Herkunftsnachweise, die wir prüfen können.
- **Faire Arbeit**: Wir unterstützen Schleifereien, die faire Löhne zahlen und junge Polierer in Surat und Antwerpen ausbilden.
- **Weniger Fußabdruck**: virtuelle Besichtigungen, Videocalls und gebündelte versicherte Sendungen sparen Reisen und Verpackung.`,
    },
    he: {
      title: 'אחריות תאגידית',
      body: `יהלומים נשענים על אמון. אנו מציעים רק אבנים של מוכרים שפועלים לפי **תהליך קימברלי** ומערכת האחריות של מועצת היהלומים העולמית, וכל חבר מאשר זאת בהרשמה.

- **רכש אחראי**: המוכרים שומרים תיעוד שרשרת משמורת שאנו רשאים לבקר.
- **עבודה הוגנת**: אנו תומכים במפעלי ליטוש שמשלמים שכר הוגן ומכשירים מלטשים צעירים בסוראט ובאנטוורפן.
- **טביעת רגל קטנה יותר**: צפייה מקוונת, שיחות וידאו ומשלוחים מבוטחים מאוחדים חוסכים נסיעות ואריזות.`,
    },
    ar: {
      title: 'المسؤولية الاجتماعية',
      body: `يقوم الألماس على الثقة. لا نعرض إلا أحجار البائعين الملتزمين **بعملية كيمبرلي** ونظام الضمانات لمجلس الألماس العالمي، ويؤكد كل عضو ذلك عند التسجيل.

- **توريد مسؤول**: يحتفظ البائعون بسجلات تتبّع يحق لنا تدقيقها.
- **عمل عادل**: ندعم مراكز القطع التي تدفع أجورًا عادلة وتدرّب الصقّالين الشباب في سورات وأنتويرب.
- **بصمة أقل**: المعاينة الافتراضية ومكالمات الفيديو والشحنات المؤمّنة المجمّعة تقلّل السفر والتغليف.`,
    },
  },
  careers: {
    en: {
      title: 'Careers',
      body: `We are a small team of gemmologists, traders and engineers. We hire in Mumbai, Antwerp and Hong Kong.

- **Diamond sales executive** (Mumbai): GIA GG or equivalent, three years in polished trade.
- **Client service specialist** (Antwerp): Dutch, English and French; you will run viewing cabins and memos.
- **Software engineer** (remote): TypeScript and PostgreSQL.

Send your CV through the [contact form](/contact) with the subject "Careers".`,
    },
    fr: {
      title: 'Carrières',
      body: `Nous sommes une petite équipe de gemmologues, négociants et ingénieurs. Nous recrutons à Mumbai, Anvers et Hong Kong.

- **Commercial diamant** (Mumbai) : GIA GG ou équivalent, trois ans dans le négoce de taillé.
- **Chargé de clientèle** (Anvers) : néerlandais, anglais et français ; vous gérerez cabines de présentation et mémos.
- **Ingénieur logiciel** (à distance) : TypeScript et PostgreSQL.

Envoyez votre CV par le [formulaire de contact](/contact) avec l’objet « Carrières ».`,
    },
    zh: {
      title: '招贤纳士',
      body: `我们是一支由宝石学家、交易员和工程师组成的小团队，在孟买、安特卫普和香港招聘。

- **钻石销售主管**（孟买）：持 GIA GG 或同等证书，三年成品钻交易经验。
- **客户服务专员**（安特卫普）：荷兰语、英语和法语；负责看货室和寄售。
- **软件工程师**（远程）：TypeScript 和 PostgreSQL。

请通过[联系表单](/contact)发送简历，主题注明“招聘”。`,
    },
    ja: {
      title: '採用情報',
      body: `当社は宝石学者、トレーダー、エンジニアからなる少人数のチームです。ムンバイ、アントワープ、香港で採用しています。

- **ダイヤモンド営業担当**（ムンバイ）：GIA GG または同等資格、研磨済み石の取引経験3年以上。
- **顧客サービス担当**（アントワープ）：オランダ語・英語・フランス語。商談ブースとメモ取引を担当。
- **ソフトウェアエンジニア**（リモート）：TypeScript と PostgreSQL。

件名を「採用」として、[お問い合わせフォーム](/contact)から履歴書をお送りください。`,
    },
    it: {
      title: 'Lavora con noi',
      body: `Siamo un piccolo team di gemmologi, commercianti e ingegneri. Assumiamo a Mumbai, Anversa e Hong Kong.

- **Commerciale diamanti** (Mumbai): GIA GG o equivalente, tre anni nel commercio di pietre tagliate.
- **Addetto servizio clienti** (Anversa): olandese, inglese e francese; gestirete cabine di visione e memo.
- **Ingegnere software** (da remoto): TypeScript e PostgreSQL.

Inviate il CV tramite il [modulo di contatto](/contact) con oggetto «Lavora con noi».`,
    },
    es: {
      title: 'Empleo',
      body: `Somos un equipo pequeño de gemólogos, comerciantes e ingenieros. Contratamos en Bombay, Amberes y Hong Kong.

- **Ejecutivo de ventas de diamantes** (Bombay): GIA GG o equivalente, tres años en comercio de tallados.
- **Especialista de atención al cliente** (Amberes): neerlandés, inglés y francés; llevará cabinas de visualización y memos.
- **Ingeniero de software** (remoto): TypeScript y PostgreSQL.

Envíe su CV por el [formulario de contacto](/contact) con el asunto «Empleo».`,
    },
    de: {
      title: 'Karriere',
      body: `Wir sind ein kleines Team aus Gemmologen, Händlern und Ingenieuren und stellen in Mumbai, Antwerpen und Hongkong ein.

- **Diamant-Verkaufsleiter** (Mumbai): GIA GG oder gleichwertig, drei Jahre im Handel mit geschliffenen Steinen.
- **Kundenbetreuung** (Antwerpen): Niederländisch, Englisch und Französisch; Sie betreuen Besichtigungskabinen und Memos.
- **Softwareentwickler** (remote): TypeScript und PostgreSQL.

Senden Sie Ihren Lebenslauf über das [Kontaktformular](/contact) mit dem Betreff „Karriere“.`,
    },
    he: {
      title: 'קריירה',
      body: `אנחנו צוות קטן של גמולוגים, סוחרים ומהנדסים. אנו מגייסים במומבאי, באנטוורפן ובהונג קונג.

- **מנהל/ת מכירות יהלומים** (מומבאי): GIA GG או מקביל, שלוש שנות ניסיון בסחר בלוטש.
- **נציג/ת שירות לקוחות** (אנטוורפן): הולנדית, אנגלית וצרפתית; ניהול תאי צפייה וממו.
- **מהנדס/ת תוכנה** (מרחוק): TypeScript ו־PostgreSQL.

שלחו קורות חיים דרך [טופס יצירת הקשר](/contact) עם הנושא „קריירה“.`,
    },
    ar: {
      title: 'الوظائف',
      body: `نحن فريق صغير من خبراء الأحجار الكريمة والتجار والمهندسين، ونوظّف في مومباي وأنتويرب وهونغ كونغ.

- **مسؤول مبيعات ألماس** (مومباي): شهادة GIA GG أو ما يعادلها وخبرة ثلاث سنوات في تجارة الألماس المصقول.
- **أخصائي خدمة العملاء** (أنتويرب): الهولندية والإنجليزية والفرنسية؛ تدير غرف المعاينة والمذكرات.
- **مهندس برمجيات** (عن بُعد): TypeScript وPostgreSQL.

أرسل سيرتك الذاتية عبر [نموذج الاتصال](/contact) بعنوان «وظائف».`,
    },
  },
  news: {
    en: {
      title: 'News',
      body: `## Sealed auctions now live
Members can now place sealed bids: each bidder sees only their own bid until the close, and every participant learns the result.

## Viewing cabins in Antwerp and Hong Kong
Book a cabin from any stone's page and see it in person with our sales team.

## Meet us at the fairs
Find the trade shows we attend in the [events calendar](/events).`,
    },
    fr: {
      title: 'Actualités',
      body: `## Les enchères scellées sont ouvertes
Les membres peuvent désormais placer des offres scellées : chacun ne voit que la sienne jusqu’à la clôture, et tous les participants apprennent le résultat.

## Cabines de présentation à Anvers et Hong Kong
Réservez une cabine depuis la page d’une pierre et voyez-la sur place avec notre équipe.

## Retrouvez-nous sur les salons
Les salons où nous exposons sont dans le [calendrier des événements](/events).`,
    },
    zh: {
      title: '新闻',
      body: `## 密封竞拍正式上线
会员现可参与密封出价：截标前每位出价人只能看到自己的出价，结束后所有参与者都会收到结果，公平透明。

## 安特卫普和香港看货室
在任意钻石页面预约看货室，与我们的销售团队现场看货；也可预约视频看货，足不出户即可细看每颗钻石。

## 展会见
我们参加的展会请见[活动日历](/events)。`,
    },
    ja: {
      title: 'ニュース',
      body: `## 封印入札を開始しました
会員は封印入札に参加できます。締切までは各入札者が自分の入札のみを確認でき、終了後に全参加者へ結果をお知らせします。

## アントワープと香港に商談ブース
各石のページからブースを予約し、営業チームと一緒に実物をご覧いただけます。

## 展示会でお会いしましょう
出展予定は[イベントカレンダー](/events)をご覧ください。`,
    },
    it: {
      title: 'Notizie',
      body: `## Aste in busta chiusa attive
I membri possono ora fare offerte in busta chiusa: ognuno vede solo la propria fino alla chiusura e tutti i partecipanti ricevono l’esito.

## Cabine di visione ad Anversa e Hong Kong
Prenotate una cabina dalla pagina di una pietra e vedetela dal vivo con il nostro team.

## Incontriamoci alle fiere
Le fiere a cui partecipiamo sono nel [calendario degli eventi](/events).`,
    },
    es: {
      title: 'Noticias',
      body: `## Ya están activas las subastas en sobre cerrado
Los miembros pueden pujar en sobre cerrado: cada uno ve solo su puja hasta el cierre y todos los participantes conocen el resultado.

## Cabinas de visualización en Amberes y Hong Kong
Reserve una cabina desde la página de una piedra y véala en persona con nuestro equipo.

## Visítenos en las ferias
Las ferias a las que asistimos están en el [calendario de eventos](/events).`,
    },
    de: {
      title: 'Neuigkeiten',
      body: `## Verdeckte Auktionen sind gestartet
Mitglieder können jetzt verdeckt bieten: Bis zum Schluss sieht jeder nur sein eigenes Gebot, danach erfahren alle Teilnehmenden das Ergebnis.

## Besichtigungskabinen in Antwerpen und Hongkong
Buchen Sie auf der Seite eines Steins eine Kabine und sehen Sie ihn vor Ort mit unserem Team.

## Treffen Sie uns auf Messen
Die Messen, auf denen wir sind, finden Sie im [Veranstaltungskalender](/events).`,
    },
    he: {
      title: 'חדשות',
      body: `## מכרזים סגורים פעילים
חברים יכולים כעת להגיש הצעות סגורות: עד הסגירה כל מציע רואה רק את הצעתו, ובסיום כל המשתתפים מקבלים את התוצאה.

## תאי צפייה באנטוורפן ובהונג קונג
הזמינו תא מדף כל אבן וראו אותה מקרוב עם צוות המכירות שלנו.

## נפגשים בתערוכות
התערוכות שבהן נשתתף מופיעות ב[לוח האירועים](/events).`,
    },
    ar: {
      title: 'الأخبار',
      body: `## المزادات المغلقة متاحة الآن
يمكن للأعضاء الآن تقديم عروض مغلقة: لا يرى كل مزايد إلا عرضه حتى الإغلاق، ثم يعرف جميع المشاركين النتيجة.

## غرف معاينة في أنتويرب وهونغ كونغ
احجز غرفة من صفحة أي حجر وعاينه بنفسك مع فريق المبيعات.

## نلتقي في المعارض
تجد المعارض التي نشارك فيها في [تقويم الفعاليات](/events).`,
    },
  },
  testimonials: {
    en: {
      title: 'Testimonials',
      body: `> "We fill most of our bridal orders from the portal now. The certificates match, and a hold gives us time to ask the client." — *Retail jeweller, Milan*

> "Uploading our stock by FTP every night means buyers in Hong Kong see it before we open." — *Manufacturer, Surat*

> "The sealed auctions are fair: everyone knows the rules, and the result arrives the minute it closes." — *Wholesaler, Antwerp*`,
    },
    fr: {
      title: 'Témoignages',
      body: `> « Nous traitons désormais la plupart de nos commandes de bagues de fiançailles par le portail. Les certificats correspondent, et une réservation nous laisse le temps de consulter le client. » — *Joaillier, Milan*

> « Notre stock est importé chaque nuit par FTP : les acheteurs de Hong Kong le voient avant notre ouverture. » — *Fabricant, Surat*

> « Les enchères scellées sont équitables : chacun connaît les règles et le résultat arrive dès la clôture. » — *Grossiste, Anvers*`,
    },
    zh: {
      title: '客户评价',
      body: `> “现在我们大部分婚戒订单都在平台上完成。证书一致，保留功能让我们有时间征询客户意见。” —— *米兰零售珠宝商*

> “每晚通过 FTP 上传库存，香港的买家在我们开门前就能看到。” —— *苏拉特制造商*

> “密封竞拍很公平：规则人人清楚，截标当刻就出结果。” —— *安特卫普批发商*`,
    },
    ja: {
      title: 'お客様の声',
      body: `> 「ブライダルの注文の大半を今はポータルで調達しています。鑑定書が一致し、ホールドでお客様に確認する時間が取れます。」 —— *ミラノの宝飾店*

> 「毎晩 FTP で在庫をアップロードするので、香港のバイヤーは開店前に見てくれます。」 —— *スーラトのメーカー*

> 「封印入札は公平です。ルールが明確で、締切と同時に結果が届きます。」 —— *アントワープの卸売業者*`,
    },
    it: {
      title: 'Testimonianze',
      body: `> «Ormai evadiamo dal portale la maggior parte degli ordini di anelli di fidanzamento. I certificati corrispondono e un blocco ci dà il tempo di sentire il cliente.» — *Gioielliere, Milano*

> «Carichiamo lo stock via FTP ogni notte: i compratori di Hong Kong lo vedono prima che apriamo.» — *Produttore, Surat*

> «Le aste in busta chiusa sono corrette: tutti conoscono le regole e l’esito arriva appena si chiudono.» — *Grossista, Anversa*`,
    },
    es: {
      title: 'Testimonios',
      body: `> «Ya cubrimos desde el portal la mayoría de los pedidos de anillos de compromiso. Los certificados coinciden y una retención nos da tiempo para consultar al cliente.» — *Joyero, Milán*

> «Subimos el stock por FTP cada noche: los compradores de Hong Kong lo ven antes de que abramos.» — *Fabricante, Surat*

> «Las subastas en sobre cerrado son justas: todos conocen las reglas y el resultado llega en cuanto cierran.» — *Mayorista, Amberes*`,
    },
    de: {
      title: 'Kundenstimmen',
      body: `> „Die meisten Verlobungsring-Aufträge bedienen wir inzwischen über das Portal. Die Zertifikate stimmen, und eine Reservierung gibt uns Zeit, mit der Kundin zu sprechen.“ — *Juwelier, Mailand*

> „Wir laden unseren Bestand jede Nacht per FTP hoch, so sehen ihn Käufer in Hongkong, bevor wir öffnen.“ — *Hersteller, Surat*

> „Die verdeckten Auktionen sind fair: Alle kennen die Regeln, und das Ergebnis kommt, sobald sie schließen.“ — *Großhändler, Antwerpen*`,
    },
    he: {
      title: 'לקוחות ממליצים',
      body: `> „את רוב הזמנות טבעות האירוסין אנחנו ממלאים היום דרך הפורטל. התעודות תואמות, והחזקה נותנת לנו זמן לשאול את הלקוחה.“ — *צורף, מילאנו*

> „אנחנו מעלים את המלאי ב־FTP בכל לילה, וכך קונים בהונג קונג רואים אותו לפני שאנחנו פותחים.“ — *יצרן, סוראט*

> „המכרזים הסגורים הוגנים: כולם מכירים את הכללים, והתוצאה מגיעה ברגע הסגירה.“ — *סיטונאי, אנטוורפן*`,
    },
    ar: {
      title: 'آراء العملاء',
      body: `> «صرنا نلبّي معظم طلبات خواتم الخطوبة من البوابة. الشهادات مطابقة، والحجز يمنحنا وقتًا لسؤال العميلة.» — *تاجر مجوهرات، ميلانو*

> «نحمّل مخزوننا عبر FTP كل ليلة، فيراه المشترون في هونغ كونغ قبل أن نفتح.» — *مصنّع، سورات*

> «المزادات المغلقة عادلة: الجميع يعرف القواعد، والنتيجة تصل لحظة الإغلاق.» — *تاجر جملة، أنتويرب*`,
    },
  },
}
