export interface Bank {
  /** Stable slug stored in forms and on the server; never changes when the display name does. */
  readonly id: string;
  readonly nombre: string;
  /** Other names people know the entity by: legal names and entities it absorbed. */
  readonly aliases: readonly string[];
}

type BankEntry = readonly [id: string, nombre: string, aliases?: readonly string[]];

// Lenders adhering to the Código de Buenas Prácticas (RDL 6/2012 and RDL 19/2022), after the
// adherence lists of the Secretaría General del Tesoro, with absorbed entities folded into their
// successors (docs/decisions/0156-bank-list.md). Check against the official list when it changes.
const ENTRIES: readonly BankEntry[] = [
  [
    'abanca',
    'Abanca',
    [
      'Novagalicia Banco',
      'Caixa Galicia',
      'Caixanova',
      'Banco Caixa Geral',
      'Bankoa',
      'Banco Etcheverría',
    ],
  ],
  ['arquia-bank', 'Arquia Bank', ['Caja de Arquitectos']],
  ['banca-march', 'Banca March'],
  ['banca-pueyo', 'Banca Pueyo'],
  ['banco-caminos', 'Banco Caminos'],
  ['banco-cooperativo-espanol', 'Banco Cooperativo Español'],
  [
    'banco-de-credito-social-cooperativo',
    'Banco de Crédito Social Cooperativo',
    ['BCC', 'Grupo Cooperativo Cajamar'],
  ],
  ['banco-mediolanum', 'Banco Mediolanum'],
  ['banco-pichincha-espana', 'Banco Pichincha España'],
  [
    'banco-sabadell',
    'Banco Sabadell',
    [
      'Banco de Sabadell',
      'Banco CAM',
      'Caja de Ahorros del Mediterráneo',
      'Banco Gallego',
      'Banco Guipuzcoano',
      'Banco Herrero',
      'Caixa Penedès',
    ],
  ],
  ['banco-santander', 'Banco Santander', ['Banco Popular', 'Banco Pastor', 'Banesto']],
  ['bankinter', 'Bankinter'],
  ['banque-chaabi-du-maroc', 'Banque Chaabi du Maroc'],
  [
    'bbva',
    'BBVA',
    ['Banco Bilbao Vizcaya Argentaria', 'Catalunya Caixa', 'CatalunyaBanc', 'Unnim'],
  ],
  [
    'caixabank',
    'CaixaBank',
    [
      'La Caixa',
      'Bankia',
      'Caja Madrid',
      'Bancaja',
      'Barclays Bank',
      'Banco Mare Nostrum',
      'BMN',
      'CajaGranada',
    ],
  ],
  ['cajasur-banco', 'Cajasur Banco', ['Cajasur']],
  ['deutsche-bank', 'Deutsche Bank'],
  ['evo-banco', 'EVO Banco', ['EVO']],
  [
    'ibercaja-banco',
    'Ibercaja Banco',
    ['Ibercaja', 'Caja3', 'Caja Inmaculada', 'Caja Círculo', 'Caja Badajoz'],
  ],
  ['ing', 'ING', ['ING Direct', 'ING Bank']],
  ['kutxabank', 'Kutxabank', ['BBK', 'Kutxa', 'Caja Vital']],
  ['myinvestor', 'MyInvestor'],
  ['openbank', 'Openbank'],
  ['santander-consumer-finance', 'Santander Consumer Finance'],
  ['targobank', 'Targobank'],
  ['triodos-bank', 'Triodos Bank'],
  ['uci', 'UCI', ['Unión de Créditos Inmobiliarios']],
  [
    'unicaja-banco',
    'Unicaja Banco',
    [
      'Unicaja',
      'Liberbank',
      'EspañaDuero',
      'Caja España',
      'Caja Duero',
      'Cajastur',
      'Caja Castilla-La Mancha',
      'CCM',
      'Caja de Extremadura',
      'Caja Cantabria',
    ],
  ],
  ['union-financiera-asturiana', 'Unión Financiera Asturiana'],
  ['caixa-ontinyent', 'Caixa Ontinyent', ["Caixa d'Estalvis d'Ontinyent"]],
  ['colonya-caixa-pollenca', 'Colonya Caixa Pollença', ['Colonya', 'Caixa de Pollença']],
  ['laboral-kutxa', 'Laboral Kutxa', ['Caja Laboral', 'Caja Laboral Popular', 'Ipar Kutxa']],
  ['caja-de-ingenieros', 'Caja de Ingenieros', ["Caixa d'Enginyers"]],
  ['caixa-petrer', 'Caixa Petrer', ['Caja de Crédito de Petrel']],
  ['caixa-popular', 'Caixa Popular'],
  [
    'cajamar-caja-rural',
    'Cajamar Caja Rural',
    ['Cajamar', 'Ruralcaja', 'Caja Rural del Mediterráneo', 'Caja Rural de Canarias'],
  ],
  ['caja-rural-de-navarra', 'Caja Rural de Navarra'],
  ['caja-rural-de-granada', 'Caja Rural de Granada'],
  ['caja-rural-del-sur', 'Caja Rural del Sur', ['Caja Rural de Córdoba']],
  [
    'caja-rural-de-jaen-barcelona-y-madrid',
    'Caja Rural de Jaén, Barcelona y Madrid',
    ['Caja Rural de Jaén'],
  ],
  ['caja-rural-de-asturias', 'Caja Rural de Asturias'],
  ['caja-rural-de-soria', 'Caja Rural de Soria'],
  ['caja-rural-de-zamora', 'Caja Rural de Zamora'],
  ['caja-rural-de-salamanca', 'Caja Rural de Salamanca'],
  ['caja-rural-de-teruel', 'Caja Rural de Teruel'],
  ['caja-rural-de-extremadura', 'Caja Rural de Extremadura'],
  ['caja-rural-de-almendralejo', 'Caja Rural de Almendralejo'],
  ['caja-rural-de-aragon', 'Caja Rural de Aragón', ['Bantierra']],
  ['globalcaja', 'Globalcaja', ['Caja Rural de Albacete, Ciudad Real y Cuenca']],
  ['eurocaja-rural', 'Eurocaja Rural', ['Caja Rural Castilla-La Mancha', 'Caja Rural de Toledo']],
  ['caja-rural-central', 'Caja Rural Central', ['Caja Rural Central de Orihuela']],
  ['caja-rural-de-gijon', 'Caja Rural de Gijón'],
  [
    'cajaviva-caja-rural',
    'Cajaviva Caja Rural',
    [
      'Caja Rural de Burgos',
      'Caja Rural de Segovia',
      'Caja Rural de Fuentepelayo',
      'Caixa Rural de Castelldans',
    ],
  ],
  ['cajasiete-caja-rural', 'Cajasiete Caja Rural', ['Caja Rural de Tenerife']],
  ['caixa-rural-galega', 'Caixa Rural Galega', ['Caja Rural Gallega']],
  ['caja-rural-de-baena', 'Caja Rural de Baena', ['Caja Rural Nuestra Señora de Guadalupe']],
  ['caja-rural-de-canete-de-las-torres', 'Caja Rural de Cañete de las Torres'],
  ['caja-rural-de-nueva-carteya', 'Caja Rural de Nueva Carteya'],
  ['caja-rural-de-adamuz', 'Caja Rural de Adamuz', ['Caja Rural Nuestra Madre del Sol']],
  ['caja-rural-de-utrera', 'Caja Rural de Utrera'],
  ['caja-rural-de-villamalea', 'Caja Rural de Villamalea'],
  ['caja-rural-de-casas-ibanez', 'Caja Rural de Casas Ibáñez'],
  ['caja-rural-de-cheste', 'Caja Rural de Cheste', ['Caixa Rural de Xest']],
  ['caja-rural-de-mota-del-cuervo', 'Caja Rural de Mota del Cuervo'],
  [
    'caja-rural-regional-san-agustin-de-fuente-alamo',
    'Caja Rural Regional San Agustín de Fuente Álamo',
  ],
  ['caixa-rural-d-algemesi', "Caixa Rural d'Algemesí", ['Caja Rural de Algemesí']],
  ['caixa-rural-de-l-alcudia', "Caixa Rural de l'Alcúdia", ['Caja Rural de Alcudia']],
  [
    'caixa-rural-de-callosa-d-en-sarria',
    "Caixa Rural de Callosa d'en Sarrià",
    ['Caja Rural de Callosa de Ensarriá'],
  ],
  ['caixa-rural-altea', 'Caixa Rural Altea', ['Caja Rural de Altea']],
  ['caixa-rural-benicarlo', 'Caixa Rural Benicarló', ['Caja Rural de Benicarló']],
  [
    'caixa-rural-vila-real',
    'Caixa Rural Vila-real',
    ['Caja Rural Católico Agraria', 'Caja Rural de Villarreal'],
  ],
  ['caixa-rural-vinaros', 'Caixa Rural Vinaròs', ['Caja Rural de Vinaroz']],
  [
    'caixa-rural-les-coves-de-vinroma',
    'Caixa Rural Les Coves de Vinromà',
    ['Caja Rural de Cuevas de Vinromá'],
  ],
  [
    'caixa-rural-la-vall-san-isidro',
    'Caixa Rural La Vall San Isidro',
    ['Caja Rural La Vall San Isidro'],
  ],
  [
    'caixa-rural-sant-vicent-ferrer-de-la-vall-d-uixo',
    "Caixa Rural Sant Vicent Ferrer de la Vall d'Uixó",
    ['Caja Rural San Vicente Ferrer de Vall de Uxó'],
  ],
  ['caja-rural-san-jose-de-almassora', 'Caja Rural San José de Almassora', ['Caixa Almassora']],
  ['caja-rural-san-jose-de-alcora', 'Caja Rural San José de Alcora', ["Caixa Rural l'Alcora"]],
  ['caja-rural-san-jose-de-burriana', 'Caja Rural San José de Burriana', ['Caixa Burriana']],
  ['caja-rural-san-jose-de-nules', 'Caja Rural San José de Nules', ['Caixa Nules']],
  [
    'caja-rural-san-jaime-de-alquerias-del-nino-perdido',
    'Caja Rural San Jaime de Alquerías del Niño Perdido',
    ['Caixa Rural Alqueries'],
  ],
  ['caja-rural-de-betxi', 'Caja Rural de Betxí', ['Caixa Rural Betxí']],
  [
    'caja-rural-san-isidro-de-vilafames',
    'Caja Rural San Isidro de Vilafamés',
    ['Caixa Rural Vilafamés'],
  ],
  [
    'caja-rural-de-onda',
    'Caja Rural Nuestra Señora de la Esperanza de Onda',
    ["Caixa Rural d'Onda"],
  ],
  [
    'caixa-rural-albalat-dels-sorells',
    'Caixa Rural Albalat dels Sorells',
    ['Caja Rural de Albalat dels Sorells'],
  ],
  ['caixa-rural-torrent', 'Caixa Rural Torrent', ['Caja Rural de Torrent']],
  ['caixa-rural-albal', 'Caixa Rural Albal', ['Caja Rural de Albal']],
  ['caja-rural-san-roque-de-almenara', 'Caja Rural San Roque de Almenara', ['Caixa Almenara']],
  ['caixa-rural-de-xilxes', 'Caixa Rural de Xilxes', ['Caja Rural de Chilches']],
];

const spanishCollator = new Intl.Collator('es', { sensitivity: 'base' });

/** Adhered lenders for the bank pickers, sorted the way a Spanish reader expects (ñ after n). */
export const BANKS: readonly Bank[] = Object.freeze(
  ENTRIES.map(([id, nombre, aliases = []]) =>
    Object.freeze({ id, nombre, aliases: Object.freeze([...aliases]) }),
  ).sort((a, b) => spanishCollator.compare(a.nombre, b.nombre)),
);

export const BANK_IDS: readonly string[] = Object.freeze(BANKS.map((bank) => bank.id));

const banksById = new Map(BANKS.map((bank) => [bank.id, bank]));

export function findBank(id: string): Bank | undefined {
  return banksById.get(id);
}

export function compareSpanish(a: string, b: string): number {
  return spanishCollator.compare(a, b);
}
