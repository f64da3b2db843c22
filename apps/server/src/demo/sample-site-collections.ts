import type { createEntry } from '../site/index.ts';
import type { SampleImages } from './sample-site-images.ts';

// The sample site's collections (categories, blog posts, a gallery, web forms, a webinar, an opening), and the
// small helpers the whole sample site writes with. sample-site.ts makes the settings and pages, then these.

/**
 * A text of the sample site, in English and in Spanish (issue 31: the sample site ships with its Spanish version).
 * The Spanish is US Spanish, addressing the reader as usted, in the IRS's own terms (Publication 850: declaración de
 * impuestos, preparador de impuestos, reembolso, deducciones, año tributario, prórroga); rich text keeps the English
 * markup tag for tag. Names of people, of the firm and of its street stay as they are. sample-site.test.ts fails
 * on a text of the sample site without its Spanish.
 */
export const text = (en: string, es: string) => ({ en, es });
type Text = ReturnType<typeof text>;

/** The Spanish alternative texts of the sample's images (the media library stores their English). */
const IMAGE_ALTS_ES: Record<keyof SampleImages, string> = {
  hero: 'Un preparador de impuestos revisa una declaración con un cliente',
  office: 'La fachada de nuestra oficina',
  team: 'Nuestro equipo en el inicio de la temporada',
};
/** The sample's images with their alternative text in English and Spanish. */
export const withSpanishAlts = (images: SampleImages): SampleImages =>
  Object.fromEntries(
    Object.entries(images).map(([name, image]) => [
      name,
      { ...image, alt: text(image.alt.en, IMAGE_ALTS_ES[name as keyof SampleImages]) },
    ]),
  ) as SampleImages;
const money = (cents: number) => `$${(cents / 100).toFixed(0)}`;
let blockSeq = 0;
export const id = () => `b${++blockSeq}`;

/** Dates relative to when the sample is made, so the webinar is always upcoming. */
function upcoming(days: number, hourUtc: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString().replace('.000Z', 'Z');
}

type Publish = (kind: Parameters<typeof createEntry>[2], data: unknown) => Promise<void>;

/** Writes and publishes the collections through `publish`; `price` reads a service's price in cents. */
export async function publishCollections(publish: Publish, price: (name: string) => number, images: SampleImages) {
  await publish('categories', {
    slug: 'deadlines',
    name: text('Deadlines', 'Fechas límite'),
    description: text('Dates not to miss', 'Fechas que no debe olvidar'),
  });
  await publish('categories', {
    slug: 'small-business',
    name: text('Small business', 'Pequeños negocios'),
    description: text('For owners and freelancers', 'Para dueños de negocios y trabajadores independientes'),
  });
  const post = (slug: string, title: Text, excerpt: Text, body: Text, categories: string[]) =>
    publish('posts', {
      slug,
      title,
      excerpt,
      body,
      author: 'Avery Admin',
      categories,
      cover: null,
    });
  await post(
    'five-documents-to-gather-now',
    text(
      'Five documents to gather before tax season',
      'Cinco documentos que debe reunir antes de la temporada de impuestos',
    ),
    text(
      'A short list that makes your return faster and your refund bigger.',
      'Una lista corta que agiliza su declaración y aumenta su reembolso.',
    ),
    text(
      '<p>Most delays come from a missing form. Gather these five now:</p><ol><li>W-2s from every employer</li><li>1099s for interest, dividends and freelance work</li><li>Form 1098 for mortgage interest</li><li>Receipts for charitable gifts</li><li>Last year’s return</li></ol><p>Upload them to your vault as they arrive; we will tell you if anything is missing.</p>',
      '<p>La mayoría de los retrasos se deben a un formulario que falta. Reúna estos cinco desde ahora:</p><ol><li>Los Formularios W-2 de cada empleador</li><li>Los Formularios 1099 de intereses, dividendos y trabajo independiente</li><li>El Formulario 1098 de intereses hipotecarios</li><li>Los recibos de sus donaciones caritativas</li><li>La declaración del año pasado</li></ol><p>Súbalos a su bóveda a medida que le lleguen; le avisaremos si falta algo.</p>',
    ),
    ['deadlines'],
  );
  await post(
    'estimated-taxes-for-freelancers',
    text(
      'Estimated taxes for freelancers, explained',
      'El impuesto estimado para trabajadores independientes, explicado',
    ),
    text(
      'Why the IRS wants four payments a year, and how to work out yours.',
      'Por qué el IRS espera cuatro pagos al año y cómo calcular los suyos.',
    ),
    text(
      '<p>If no employer withholds tax from your income, the IRS expects <strong>quarterly estimated payments</strong>: in April, June, September and January.</p><p>A simple rule: set aside 25–30% of every invoice you are paid. We can work out the exact amounts in a planning consultation.</p>',
      '<p>Si ningún empleador le retiene impuestos de sus ingresos, el IRS espera <strong>pagos trimestrales de impuesto estimado</strong>: en abril, junio, septiembre y enero.</p><p>Una regla sencilla: aparte entre el 25 y el 30% de cada factura que le paguen. Podemos calcular los montos exactos en una consulta de planificación tributaria.</p>',
    ),
    ['small-business'],
  );
  await post(
    'what-to-do-with-an-irs-letter',
    text('Got a letter from the IRS? Don’t panic', '¿Recibió una carta del IRS? No se alarme'),
    text(
      'Most notices are routine. Here is how to read one and what to do next.',
      'La mayoría de los avisos son de rutina. Así se lee un aviso y esto es lo que debe hacer después.',
    ),
    text(
      '<p>Most IRS letters ask a question or correct a small mistake. Read the notice number in the top right corner, note the response date, and do not ignore it.</p><p>Upload the letter to your vault with an <em>IRS Notice Response</em> request and we answer for you.</p>',
      '<p>La mayoría de las cartas del IRS hacen una pregunta o corrigen un pequeño error. Busque el número del aviso en la esquina superior derecha, anote la fecha límite para responder y no lo ignore.</p><p>Suba la carta a su bóveda con una solicitud de <em>IRS Notice Response</em> (respuesta a un aviso del IRS) y nosotros respondemos por usted.</p>',
    ),
    ['deadlines'],
  );

  await publish('galleries', {
    slug: 'our-office',
    title: text('Our office', 'Nuestra oficina'),
    description: text('Where we work, on Harbor Street.', 'Donde trabajamos, en Harbor Street.'),
    cover: images.office,
    images: [
      { ...images.office, caption: text('Harbor Street, Suite 3', 'Harbor Street, Suite 3') },
      { ...images.team, caption: text('The team, January', 'El equipo, en enero') },
      {
        ...images.hero,
        alt: text('A review meeting', 'Una reunión de revisión'),
        caption: text('Every return gets a second review', 'Cada declaración recibe una segunda revisión'),
      },
    ],
  });

  const forms = {
    webinar: {
      slug: 'webinar-registration',
      title: text('Register for the webinar', 'Inscríbase en el seminario web'),
      description: { en: '' },
      fields: [
        { name: 'full_name', label: text('Full name', 'Nombre completo'), type: 'text', required: true, options: [] },
        { name: 'email', label: text('E-mail', 'Correo electrónico'), type: 'email', required: true, options: [] },
        {
          name: 'question',
          label: text('A question for the panel (optional)', 'Una pregunta para los panelistas (opcional)'),
          type: 'textarea',
          required: false,
          options: [],
        },
      ],
      child_group: null,
      submit_label: text('Register', 'Inscribirme'),
      success_message: text(
        'You are registered: the link arrives by e-mail the day before.',
        'Ya está inscrito: el enlace le llegará por correo electrónico el día anterior.',
      ),
    },
    job: {
      slug: 'seasonal-preparer-application',
      title: text('Apply: seasonal tax preparer', 'Solicitud: preparador de impuestos de temporada'),
      description: text(
        'Tell us about yourself and where you have prepared returns before.',
        'Cuéntenos sobre usted y dónde ha preparado declaraciones de impuestos antes.',
      ),
      fields: [
        { name: 'full_name', label: text('Full name', 'Nombre completo'), type: 'text', required: true, options: [] },
        { name: 'email', label: text('E-mail', 'Correo electrónico'), type: 'email', required: true, options: [] },
        { name: 'phone', label: text('Phone', 'Teléfono'), type: 'phone', required: true, options: [] },
        {
          name: 'credential',
          label: text('Credential', 'Credencial'),
          type: 'select',
          required: true,
          options: [
            { value: 'ptin', label: text('PTIN only', 'Solo PTIN') },
            {
              value: 'afsp',
              label: text('Annual Filing Season Program', 'Programa Anual de la Temporada de Declaraciones (AFSP)'),
            },
            { value: 'ea', label: text('Enrolled agent', 'Agente inscrito') },
            { value: 'cpa', label: text('CPA', 'Contador público autorizado (CPA)') },
          ],
        },
        {
          name: 'start_date',
          label: text('Earliest start date', 'Primera fecha en que puede empezar'),
          type: 'date',
          required: false,
          options: [],
        },
        {
          name: 'resume',
          label: text('Résumé', 'Currículum'),
          type: 'file',
          required: true,
          options: [],
          help: text('A PDF or a photo of it, up to 10 MB.', 'Un PDF o una foto del documento, de hasta 10 MB.'),
        },
      ],
      child_group: {
        label: text('Previous seasons', 'Temporadas anteriores'),
        fields: [
          { name: 'employer', label: text('Firm', 'Firma'), type: 'text', required: true, options: [] },
          {
            name: 'returns',
            label: text('Returns prepared', 'Declaraciones preparadas'),
            type: 'number',
            required: false,
            options: [],
          },
        ],
        max_rows: 10,
      },
      submit_label: text('Send application', 'Enviar solicitud'),
      success_message: text(
        'Thank you! We reply to every application within a week.',
        '¡Gracias! Respondemos a cada solicitud en menos de una semana.',
      ),
    },
  };
  await publish('forms', forms.webinar);
  await publish('forms', forms.job);

  await publish('events', {
    slug: 'tax-deadline-webinar',
    title: text('Webinar: beat the April tax deadline', 'Seminario web: adelántese a la fecha límite de abril'),
    summary: text(
      'Forty-five minutes on what to file, what to gather and when to ask for an extension, with live questions.',
      'Cuarenta y cinco minutos sobre qué presentar, qué documentos reunir y cuándo pedir una prórroga, con preguntas en vivo.',
    ),
    body: text(
      '<p>Join two of our enrolled agents for a free online session before the filing deadline.</p><ul><li>What changed this year</li><li>The documents people forget</li><li>Extensions: when they help and when they don’t</li></ul>',
      '<p>Acompañe a dos de nuestros agentes inscritos en una sesión gratuita en línea antes de la fecha límite para presentar la declaración.</p><ul><li>Qué cambió este año tributario</li><li>Los documentos que la gente olvida</li><li>Prórrogas: cuándo ayudan y cuándo no</li></ul>',
    ),
    starts_at: upcoming(21, 23),
    ends_at: null,
    time_zone: 'America/Chicago',
    place: '',
    online_url: 'https://meet.example.com/harbor-deadline-webinar',
    form: 'webinar-registration',
    cover: null,
  });
  await publish('jobs', {
    slug: 'seasonal-tax-preparer',
    title: text('Seasonal tax preparer', 'Preparador de impuestos de temporada'),
    summary: text(
      'January to April, in our Springfield office or remote. Paid per return with a season bonus.',
      'De enero a abril, en nuestra oficina de Springfield o a distancia. Pago por declaración, con un bono de temporada.',
    ),
    body: text(
      `<p>We are hiring two seasonal preparers for the coming filing season.</p><h3>You</h3><ul><li>Hold a PTIN (an AFSP record, EA or CPA is a plus)</li><li>Have prepared at least one season of individual returns</li><li>Explain things clearly to clients</li></ul><h3>We offer</h3><ul><li>${money(price('Form 1040 – Standard') / 4)} per return prepared, plus a season bonus</li><li>Training on our portal in January</li></ul>`,
      `<p>Buscamos dos preparadores de impuestos de temporada para la próxima temporada de declaraciones.</p><h3>Usted</h3><ul><li>Tiene un PTIN (se valora un registro del AFSP o ser agente inscrito o CPA)</li><li>Ha preparado declaraciones individuales durante al menos una temporada</li><li>Explica las cosas con claridad a los clientes</li></ul><h3>Le ofrecemos</h3><ul><li>${money(price('Form 1040 – Standard') / 4)} por cada declaración preparada, más un bono de temporada</li><li>Capacitación en nuestro portal en enero</li></ul>`,
    ),
    employment_type: 'SEASONAL',
    location: 'Springfield, IL',
    remote: true,
    valid_through: upcoming(60, 0).slice(0, 10),
    form: 'seasonal-preparer-application',
  });
}
