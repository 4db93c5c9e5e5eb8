import {
  REVIEW_MESSAGES,
  type ReviewFieldName,
  type ReviewPrefillSource,
  type ReviewStep,
} from '@cbp/core';

export const WIZARD_TITLE = 'Revisión del Expediente';

/** The Stepper's names, short enough for a phone. */
export const STEP_LABELS: Readonly<Record<ReviewStep, string>> = {
  1: 'Titulares',
  2: 'Datos',
  3: 'Ingresos',
  4: 'Gestor',
};

/** Each step's heading (focus goes there on every step change) and its opening line. */
export const STEP_HEADINGS: Readonly<Record<ReviewStep, { title: string; intro: string }>> = {
  1: {
    title: 'Titulares y unidad familiar',
    intro:
      'Dinos cuántas personas son titulares de la hipoteca y cuántas forman tu unidad familiar.',
  },
  2: {
    title: 'Revisión de Datos',
    intro:
      'Comprueba los datos que ya tenemos y completa los que falten. Puedes cambiar cualquiera de ellos.',
  },
  3: {
    title: 'Personas de la unidad familiar',
    intro:
      'Indica de dónde vienen los ingresos de cada persona, si tiene reconocida una discapacidad, dependencia o incapacidad y, para quien no es titular, qué relación tiene con el titular y si es menor de edad. Con estas respuestas preparamos la lista de documentos que pide la ley.',
  },
  4: {
    title: 'Datos del gestor',
    intro:
      'Si una gestoría o un gestor lleva tus asuntos, puedes darnos sus datos para hablar con él. Este paso es opcional.',
  },
};

/** The label of each field the wizard shows by itself (person fields are named per person). */
export const FIELD_LABELS: Readonly<Partial<Record<ReviewFieldName, string>>> = {
  numeroTitulares: 'Número de titulares',
  miembrosUnidadFamiliar: 'Miembros de la unidad familiar',
  nombre: 'Nombre',
  apellidos: 'Apellidos',
  telefono: 'Teléfono',
  email: 'Correo electrónico',
  domicilio: 'Domicilio',
  bancoHipoteca: 'Banco de la hipoteca',
  plazoOriginalHipoteca: 'Plazo original de la hipoteca',
  interesAnual: 'Interés anual',
  fechaVencimiento: 'Fecha de vencimiento',
  pagoMensualHipoteca: 'Última cuota pagada',
  cuotaJunio2022: 'Cuota de junio de 2022',
  cuotaHace4Anos: 'Cuota hace cuatro años',
  cantidadPorPagar: 'Capital pendiente',
  ingresosBrutosAnuales: 'Ingresos brutos anuales',
  ingresosNetosAnuales: 'Ingresos netos anuales',
  ingresosHace4Anos: 'Ingresos netos hace cuatro años',
  gestorNombre: 'Nombre',
  gestorApellidos: 'Apellidos',
  gestorEmail: 'Correo electrónico',
  gestorTelefono: 'Teléfono',
  gestorDireccion: 'Dirección',
};

export const FIELD_HINTS: Readonly<Partial<Record<ReviewFieldName, string>>> = {
  numeroTitulares:
    'Los titulares son los deudores principales de la hipoteca. Los avalistas no son titulares.',
  miembrosUnidadFamiliar:
    'Cuenta a los titulares, a sus cónyuges o parejas de hecho inscritas y a los hijos que viven en la vivienda, tengan la edad que tengan, también los que estén en tutela, guarda o acogimiento familiar.',
  telefono: 'Un móvil o un fijo español. Por ejemplo: 612 345 678',
  domicilio: 'Calle, número, piso, código postal y localidad.',
  bancoHipoteca: 'Escribe su nombre para buscarlo en la lista. También encuentra nombres antiguos.',
  plazoOriginalHipoteca: 'Los años de plazo que firmaste. Por ejemplo: 30',
  interesAnual: 'El tipo que te aplican hoy, en porcentaje, con dos decimales. Por ejemplo: 3,25',
  fechaVencimiento: 'El día en que termina de pagarse la hipoteca, según la escritura.',
  pagoMensualHipoteca: 'Lo que te cobró el banco en el último recibo de la hipoteca.',
  cuotaJunio2022: 'La cuota que pagabas en junio de 2022. Está en los recibos de entonces.',
  cuotaHace4Anos: 'Lo que pagabas cada mes hace cuatro años.',
  cantidadPorPagar: 'Lo que te queda por devolver. Está en el último recibo del banco.',
  ingresosBrutosAnuales: 'De todas las personas de tu unidad familiar, antes de impuestos.',
  ingresosNetosAnuales: 'Lo que cobráis en total en un año, ya descontados los impuestos.',
  ingresosHace4Anos: 'Los ingresos netos anuales de tu unidad familiar hace cuatro años.',
};

/** The help tooltips of step 1 (kit HelpTip), each beside its count: an example to go by. */
export const COUNT_HELP: Readonly<
  Record<'numeroTitulares' | 'miembrosUnidadFamiliar', { topic: string; text: string }>
> = {
  numeroTitulares: {
    topic: 'titulares',
    text: 'Cuenta a quienes firmaron la hipoteca como deudores. Si alguien solo la avaló, no lo cuentes.',
  },
  miembrosUnidadFamiliar: {
    topic: 'unidad familiar',
    text: 'Por ejemplo, un matrimonio con un hijo de 20 años empadronado en la vivienda son 3 miembros.',
  },
};

/** Under a prefilled field: where the value came from (each stays editable). */
export const PREFILL_NOTES: Readonly<Record<ReviewPrefillSource, string>> = {
  contacto: 'Dato de tu solicitud',
  calculadora: 'Dato de tu cálculo',
  documentos: 'Dato de tus documentos',
};
export const PREFILL_EDITABLE = 'Puedes cambiarlo si no es correcto.';

export const INCOME_LABEL = 'Tipo de ingresos';
export const RELATIONSHIP_LABEL = 'Relación con el titular';
export const MINOR_LABEL = '¿Es menor de edad?';
export const DISABILITY_LABEL =
  '¿Tiene reconocida una discapacidad, dependencia o incapacidad para trabajar?';
export const CHOOSE_OPTION = 'Elige una opción';
export const NOT_GIVEN = 'No indicado';

export const FIRST_STEP_MISSING = REVIEW_MESSAGES.firstStepMissing;
export const GO_TO_FIRST_STEP = 'Ir al primer paso';

export const PREVIOUS = 'Anterior';
export const NEXT = 'Siguiente';
export const FINALIZE = 'Finalizar revisión';
export const FINALIZING = 'Finalizando la revisión...';
export const BACK_TO_SUMMARY = 'Volver al resumen';

export const SAVE_STATUS = {
  saving: 'Guardando…',
  saved: 'Cambios guardados automáticamente',
  failed: 'No se han podido guardar los cambios',
  failedDetail: 'Los conservamos en este dispositivo hasta que se guarden.',
  retry: 'Reintentar',
  restored:
    'Hemos recuperado cambios que hiciste en este dispositivo y no llegaron a guardarse. Los estamos guardando ahora.',
} as const;

export const LOAD_FAILED =
  'No hemos podido cargar los datos de tu expediente. Comprueba tu conexión e inténtalo de nuevo.';
export const LOADING = 'Cargando los datos de tu expediente...';
export const FINALIZE_UNSAVED =
  'No hemos podido guardar tus últimos cambios, así que todavía no podemos finalizar la revisión. Pulsa «Reintentar» o inténtalo de nuevo en un momento.';
export const FINALIZE_FAILED =
  'No hemos podido finalizar la revisión. Tus datos están guardados: inténtalo de nuevo en unos minutos.';

export const SUMMARY_HEADING = 'Comprueba tus respuestas';
export const SUMMARY_DONE =
  'Has finalizado la revisión. Comprueba tus respuestas: si algo no es correcto, pulsa «Cambiar».';
export const SUMMARY_CHANGED =
  'Has cambiado datos después de finalizar la revisión. Comprueba tus respuestas y vuelve a finalizarla.';
export const CHANGE = 'Cambiar';
export const CONTINUE_TO_SENDING = 'Continuar al envío del expediente';
export const SENDING_PATH = '/app/enviar-expediente';
export const LOCKED_LINK = 'Ver el envío de tu expediente';
export const LOCKED_HEADING = 'Tus respuestas';

export const MEMBERS_SECTION = 'Titulares y unidad familiar';
export const PERSONS_SECTION = 'Personas de la unidad familiar';
export const MANAGER_SECTION = 'Datos del gestor';
