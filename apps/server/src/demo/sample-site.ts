import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { listServices } from '../catalog/index.ts';
import type { Db } from '../platform/db/client.ts';
import type { MediaStore } from '../platform/storage/index.ts';
import { siteSettings, users } from '../platform/db/schema.ts';
import { createEntry, type Editor, publishEntry, saveSettings } from '../site/index.ts';
import { id, publishCollections, text, withSpanishAlts } from './sample-site-collections.ts';
import { sampleImages, type SampleImages } from './sample-site-images.ts';

/** What the sample site's audit entries carry as their address (as the ticket sample carries SAMPLE_IP). */
const SAMPLE_SITE_IP = 'demo-sample-site';

/**
 * The demo firm's website (issue 11 item 6): settings, home (web and mobile), about, services, pricing, FAQ,
 * contact, three blog posts, a gallery, a webinar and a seasonal opening, written and published by the demo Admin
 * through the site feature's service functions, once (a `demo_sample_site` row in site_settings records it).
 */
export const SITE_MARKER = 'demo_sample_site';

/** `media`: the public media store the sample's images go to (without one, they are the web app's SVGs). */
export async function seedSampleSite(db: Db, log: FastifyBaseLogger, media?: MediaStore): Promise<boolean> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  if (!admin) return false;
  const claimed = await db
    .insert(siteSettings)
    .values({ key: SITE_MARKER, value: { state: 'creating', at: new Date().toISOString() } })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return false;
  // Its own marker: the site is published as of the first start, not dated back with the tickets' story.
  const editor: Editor = { userId: admin.id, ip: SAMPLE_SITE_IP };
  try {
    await makeSite(db, editor, withSpanishAlts(await sampleImages({ db, media, log }, editor)));
    await db
      .update(siteSettings)
      .set({ value: { state: 'done', at: new Date().toISOString() } })
      .where(eq(siteSettings.key, SITE_MARKER));
    log.info('demo sample site published');
    return true;
  } catch (err) {
    log.error({ err }, 'demo sample site could not be created');
    await db
      .update(siteSettings)
      .set({ value: { state: 'failed', error: (err as Error).message } })
      .where(eq(siteSettings.key, SITE_MARKER));
    return false;
  }
}

async function makeSite(db: Db, editor: Editor, images: SampleImages) {
  const publish = async (kind: Parameters<typeof createEntry>[2], data: unknown) => {
    const entry = await createEntry(db, editor, kind, data);
    await publishEntry(db, editor, kind, entry.id);
  };
  const settings = await saveSettings(db, editor, {
    firm_name: 'Harbor Tax & Accounting',
    tagline: text(
      'Tax preparation, planning and IRS help for families and small businesses.',
      'Preparación de impuestos, planificación tributaria y ayuda con el IRS para familias y pequeños negocios.',
    ),
    logo: { src: '/icon.svg', alt: text('Harbor Tax & Accounting', 'Harbor Tax & Accounting'), width: 64, height: 64 },
    colors: { primary: '#1c7ed6', accent: '#f59f00' },
    business: {
      street: '240 Harbor Street, Suite 3',
      locality: 'Springfield',
      region: 'IL',
      postal_code: '62701',
      country: 'US',
      phone: '+1 (217) 555-0142',
      email: 'hello@harbortax.example',
      hours: text(
        'Monday to Friday 9:00–18:00; Saturdays 10:00–14:00 from February to April',
        'De lunes a viernes de 9:00 a 18:00; sábados de 10:00 a 14:00 de febrero a abril',
      ),
      map_url: 'https://www.openstreetmap.org/search?query=Springfield%20IL',
    },
    header_menu: [
      {
        label: text('Services', 'Servicios'),
        href: '/p/services',
        children: [
          { label: text('Pricing', 'Precios'), href: '/p/pricing' },
          { label: text('FAQ', 'Preguntas frecuentes'), href: '/p/faq' },
        ],
      },
      { label: text('About us', 'Quiénes somos'), href: '/about-us', children: [] },
      { label: text('Blog', 'Blog'), href: '/list/blog', children: [] },
      { label: text('Careers', 'Empleos'), href: '/seeker', children: [] },
      { label: text('Contact', 'Contacto'), href: '/contact-us', children: [] },
    ],
    footer_columns: [
      {
        heading: text('Services', 'Servicios'),
        links: [
          { label: text('Individual returns', 'Declaraciones individuales'), href: '/p/services' },
          { label: text('Pricing', 'Precios'), href: '/p/pricing' },
          { label: text('FAQ', 'Preguntas frecuentes'), href: '/p/faq' },
        ],
      },
      {
        heading: text('The firm', 'Nuestra firma'),
        links: [
          { label: text('About us', 'Quiénes somos'), href: '/about-us' },
          { label: text('Gallery', 'Galería'), href: '/gallery-detail/our-office' },
          { label: text('Careers', 'Empleos'), href: '/seeker' },
          { label: text('Contact', 'Contacto'), href: '/contact-us' },
        ],
      },
      {
        heading: text('Resources', 'Recursos'),
        links: [
          { label: text('Blog', 'Blog'), href: '/list/blog' },
          {
            label: text('IRS: where’s my refund?', 'IRS: ¿Dónde está mi reembolso?'),
            href: 'https://www.irs.gov/refunds',
          },
        ],
      },
    ],
    social_links: [
      { network: 'facebook', url: 'https://www.facebook.com/' },
      { network: 'linkedin', url: 'https://www.linkedin.com/' },
    ],
    reference_sites: [
      { label: text('IRS', 'IRS'), url: 'https://www.irs.gov' },
      {
        label: text('Illinois Department of Revenue', 'Departamento de Ingresos de Illinois'),
        url: 'https://tax.illinois.gov',
      },
    ],
  });
  await publishEntry(db, editor, 'settings', settings.id);

  const services = (await listServices(db, { activeOnly: true })).items;
  const price = (name: string) => services.find((s) => s.name.startsWith(name))?.price_cents ?? 0;
  // A new visitor starts on Create account, and after it (or signing in) lands on the service request, a chosen
  // plan's service already picked (issue 29: the buttons opened Sign in and dropped the plan).
  const startWith = (name?: string) => {
    const service = name ? services.find((s) => s.name.startsWith(name)) : undefined;
    const next = service ? `/create-ticket?service=${service.id}` : '/create-ticket';
    return `/register?tab=create&next=${encodeURIComponent(next)}`;
  };
  const cta = { label: text('Start your return', 'Comience su declaración'), href: startWith() };
  const testimonials = {
    id: id(),
    type: 'testimonials',
    heading: text('What our clients say', 'Lo que dicen nuestros clientes'),
    items: [
      {
        quote: text(
          'They found deductions I had missed for years, and I never had to visit the office.',
          'Encontraron deducciones que yo había pasado por alto durante años, y nunca tuve que ir a la oficina.',
        ),
        name: 'Maria G.',
        role: text('Freelance designer', 'Diseñadora independiente'),
      },
      {
        quote: text(
          'Our S corporation return was filed two weeks early. Clear prices, no surprises.',
          'La declaración de nuestra corporación de tipo S se presentó dos semanas antes del plazo. Precios claros, sin sorpresas.',
        ),
        name: 'Priya R.',
        role: text('Small business owner', 'Dueña de un pequeño negocio'),
      },
      {
        quote: text(
          'The IRS letter looked terrifying. Harbor answered it for me within a week.',
          'La carta del IRS parecía aterradora. Harbor la respondió por mí en menos de una semana.',
        ),
        name: 'James O.',
      },
    ],
  };

  await publish('pages', {
    route: 'home',
    title: text('Harbor Tax & Accounting', 'Harbor Tax & Accounting'),
    description: text(
      'Tax returns, planning and IRS help in Springfield, IL and online. Upload documents securely, see your price up front, pay online.',
      'Declaraciones de impuestos, planificación y ayuda con el IRS en Springfield, IL y por internet. Suba sus documentos de forma segura, conozca su precio por adelantado y pague en línea.',
    ),
    blocks: [
      {
        id: id(),
        type: 'hero',
        heading: text(
          'Taxes done right, without the shoebox',
          'Sus impuestos bien hechos, sin cajas llenas de recibos',
        ),
        text: text(
          'Licensed preparers for individuals, families and small businesses. Upload your documents from your phone, follow your return online, and pay only when it is ready.',
          'Preparadores de impuestos acreditados para personas, familias y pequeños negocios. Suba sus documentos desde su teléfono, siga su declaración en línea y pague solo cuando esté lista.',
        ),
        image: images.hero,
        cta,
      },
      {
        id: id(),
        type: 'services_grid',
        heading: text('Services and prices', 'Servicios y precios'),
        service_type_id: null,
      },
      testimonials,
      { id: id(), type: 'latest_posts', heading: text('From the blog', 'Del blog'), count: 3, category: null },
      {
        id: id(),
        type: 'cta',
        heading: text('Ready when you are', 'Listos cuando usted lo esté'),
        text: text(
          'Open a request in two minutes. We will tell you what we need and what it costs before we start.',
          'Abra una solicitud en dos minutos. Antes de empezar, le diremos qué necesitamos y cuánto cuesta.',
        ),
        button: cta,
      },
      {
        id: id(),
        type: 'business_details',
        heading: text('Visit or call us', 'Visítenos o llámenos'),
        show_map_link: true,
      },
    ],
  });
  await publish('pages', {
    route: 'home',
    variant: 'mobile',
    title: text('Harbor Tax & Accounting', 'Harbor Tax & Accounting'),
    description: text(
      'Tax returns, planning and IRS help, from your phone.',
      'Declaraciones de impuestos, planificación y ayuda con el IRS, desde su teléfono.',
    ),
    blocks: [
      {
        id: id(),
        type: 'hero',
        heading: text('Your taxes, from your phone', 'Sus impuestos, desde su teléfono'),
        text: text(
          'Snap your W-2, answer a few questions, and we do the rest.',
          'Tómele una foto a su Formulario W-2, conteste unas preguntas y nosotros hacemos el resto.',
        ),
        image: null,
        cta,
      },
      {
        id: id(),
        type: 'cta',
        heading: text('Talk to a preparer', 'Hable con un preparador de impuestos'),
        text: text(
          'Questions first? Send us a message and we answer within one business day.',
          '¿Tiene preguntas antes de empezar? Envíenos un mensaje y le respondemos en un día hábil.',
        ),
        button: { label: text('Contact us', 'Contáctenos'), href: '/contact-us' },
      },
      { id: id(), type: 'latest_posts', heading: text('Tax tips', 'Consejos tributarios'), count: 2, category: null },
      { id: id(), type: 'business_details', heading: text('Find us', 'Encuéntrenos'), show_map_link: true },
    ],
  });
  await publish('pages', {
    route: 'about-us',
    title: text('About us', 'Quiénes somos'),
    description: text(
      'A Springfield tax practice since 2009: enrolled agents and CPAs who answer your questions.',
      'Una firma de impuestos en Springfield desde 2009: agentes inscritos y contadores públicos autorizados (CPA) que responden sus preguntas.',
    ),
    blocks: [
      {
        id: id(),
        type: 'hero',
        heading: text('About Harbor Tax & Accounting', 'Acerca de Harbor Tax & Accounting'),
        text: text(
          'Enrolled agents and CPAs, in Springfield since 2009.',
          'Agentes inscritos y contadores públicos autorizados (CPA), en Springfield desde 2009.',
        ),
        image: null,
        cta: null,
      },
      {
        id: id(),
        type: 'rich_text',
        html: text(
          '<p>We started Harbor in a two-room office above the harbor market with one promise: <strong>a clear price before we start, and a real person who answers</strong>. Fifteen seasons later we prepare more than 1,200 returns a year for families, freelancers and small businesses.</p><h2>How we work</h2><ul><li>Every return is prepared by a licensed preparer and checked by a second one.</li><li>Your documents live in an encrypted vault, not in e-mail.</li><li>You approve a draft before anything is filed.</li></ul>',
          '<p>Fundamos Harbor en una oficina de dos cuartos encima del mercado del puerto con una promesa: <strong>un precio claro antes de empezar y una persona real que le responde</strong>. Quince temporadas después, preparamos más de 1,200 declaraciones de impuestos al año para familias, trabajadores independientes y pequeños negocios.</p><h2>Cómo trabajamos</h2><ul><li>Cada declaración la prepara un preparador de impuestos acreditado y la revisa un segundo preparador.</li><li>Sus documentos se guardan en una bóveda cifrada, no en el correo electrónico.</li><li>Usted aprueba un borrador antes de que se presente cualquier cosa.</li></ul>',
        ),
      },
      { id: id(), type: 'gallery', gallery: 'our-office' },
      testimonials,
    ],
  });
  await publish('pages', {
    route: 'services',
    title: text('Services and prices', 'Servicios y precios'),
    description: text(
      'Individual, business and expat tax returns, IRS notice responses and planning, with prices up front.',
      'Declaraciones de impuestos individuales, de negocios y de contribuyentes en el extranjero, respuestas a avisos del IRS y planificación, con precios por adelantado.',
    ),
    blocks: [
      {
        id: id(),
        type: 'hero',
        heading: text('Services and prices', 'Servicios y precios'),
        text: text(
          'Every price is the full price for a typical return; we confirm yours before we start.',
          'Cada precio es el precio total de una declaración típica; confirmamos el suyo antes de empezar.',
        ),
        image: null,
        cta,
      },
      {
        id: id(),
        type: 'services_grid',
        heading: text('Everything we prepare', 'Todo lo que preparamos'),
        service_type_id: null,
      },
      {
        id: id(),
        type: 'cta',
        heading: text('Not sure which one you need?', '¿No sabe cuál necesita?'),
        text: text(
          'Tell us about your situation and we will recommend the right service.',
          'Cuéntenos su situación y le recomendaremos el servicio adecuado.',
        ),
        button: { label: text('Ask us', 'Pregúntenos'), href: '/contact-us' },
      },
    ],
  });
  await publish('pages', {
    route: 'pricing',
    title: text('Pricing', 'Precios'),
    description: text(
      'Three ways to work with us, from a simple 1040 to year-round planning.',
      'Tres formas de trabajar con nosotros, desde un Formulario 1040 sencillo hasta la planificación durante todo el año.',
    ),
    blocks: [
      {
        id: id(),
        type: 'pricing_plans',
        heading: text('Simple, published prices', 'Precios sencillos y publicados'),
        plans: [
          {
            name: text('Essential', 'Esencial'),
            price_cents: price('Form 1040 – Standard'),
            currency: 'USD',
            period: 'once',
            features: [
              text('Federal and one state return', 'Declaración federal y una estatal'),
              text('W-2, interest and dividends', 'Formulario W-2, intereses y dividendos'),
              text('E-file and direct deposit', 'Presentación electrónica (e-file) y depósito directo'),
            ],
            highlighted: false,
            cta: { label: text('Choose Essential', 'Elegir Esencial'), href: startWith('Form 1040 – Standard') },
          },
          {
            name: text('Itemized', 'Deducciones detalladas'),
            price_cents: price('Form 1040 – Itemized'),
            currency: 'USD',
            period: 'once',
            features: [
              text('Everything in Essential', 'Todo lo del plan Esencial'),
              text(
                'Mortgage, charity and medical deductions',
                'Deducciones por intereses hipotecarios, donaciones caritativas y gastos médicos',
              ),
              text('A review call with your preparer', 'Una llamada de revisión con su preparador de impuestos'),
            ],
            highlighted: true,
            cta: {
              label: text('Choose Itemized', 'Elegir Deducciones detalladas'),
              href: startWith('Form 1040 – Itemized'),
            },
          },
          {
            name: text('Year-round planning', 'Planificación todo el año'),
            price_cents: price('Tax Planning Consultation'),
            currency: 'USD',
            period: 'month',
            features: [
              text('Quarterly estimated payments', 'Pagos trimestrales de impuesto estimado'),
              text('Planning before year end', 'Planificación antes del cierre del año tributario'),
              text('IRS notices handled', 'Nos encargamos de sus avisos del IRS'),
            ],
            highlighted: false,
            cta: { label: text('Talk to us', 'Hable con nosotros'), href: '/contact-us' },
          },
        ],
      },
      {
        id: id(),
        type: 'faq',
        heading: text('Pricing questions', 'Preguntas sobre precios'),
        items: [
          {
            question: text('When do I pay?', '¿Cuándo pago?'),
            answer: text(
              'When your return is ready: you approve the draft, then pay the invoice online.',
              'Cuando su declaración esté lista: usted aprueba el borrador y luego paga la factura en línea.',
            ),
          },
          {
            question: text('What if my return is more complex?', '¿Y si mi declaración es más compleja?'),
            answer: text(
              'We tell you the price before we start. It never changes without your agreement.',
              'Le decimos el precio antes de empezar. Nunca cambia sin su consentimiento.',
            ),
          },
        ],
      },
    ],
  });
  await publish('pages', {
    route: 'faq',
    title: text('Frequently asked questions', 'Preguntas frecuentes'),
    description: text(
      'Deadlines, documents, prices and how our online portal works.',
      'Fechas límite, documentos, precios y cómo funciona nuestro portal en línea.',
    ),
    blocks: [
      {
        id: id(),
        type: 'faq',
        heading: text('Frequently asked questions', 'Preguntas frecuentes'),
        items: [
          {
            question: text('What documents do I need?', '¿Qué documentos necesito?'),
            answer: text(
              'Your W-2s and 1099s, last year’s return, and receipts for deductions. After you open a request, the portal lists exactly what we still need.',
              'Sus Formularios W-2 y 1099, la declaración del año pasado y los recibos de sus deducciones. Después de que abra una solicitud, el portal indica exactamente lo que todavía necesitamos.',
            ),
          },
          {
            question: text('Is it safe to upload my documents?', '¿Es seguro subir mis documentos?'),
            answer: text(
              'Yes. Files are encrypted at rest, only you and your preparer can open them, and every download is logged.',
              'Sí. Los archivos se guardan cifrados, solo usted y su preparador de impuestos pueden abrirlos y cada descarga queda registrada.',
            ),
          },
          {
            question: text('When is the filing deadline?', '¿Cuál es la fecha límite para presentar la declaración?'),
            answer: text(
              'April 15 for most individual returns. We can file an extension if you need more time to gather documents.',
              'El 15 de abril para la mayoría de las declaraciones individuales. Si necesita más tiempo para reunir sus documentos, podemos solicitar una prórroga.',
            ),
          },
          {
            question: text('Can you help with a letter from the IRS?', '¿Pueden ayudarme con una carta del IRS?'),
            answer: text(
              'Yes: open an IRS Notice Response request and upload the letter. We reply to the IRS on your behalf.',
              'Sí: abra una solicitud de respuesta a un aviso del IRS (IRS Notice Response) y suba la carta. Respondemos al IRS en su nombre.',
            ),
          },
          {
            question: text('Do you prepare state returns?', '¿Preparan declaraciones estatales?'),
            answer: text(
              'Yes, for every state. One state return is included in each individual price.',
              'Sí, para todos los estados. Cada precio individual incluye una declaración estatal.',
            ),
          },
        ],
      },
      {
        id: id(),
        type: 'cta',
        heading: text('Still have a question?', '¿Todavía tiene alguna pregunta?'),
        text: text('We answer within one business day.', 'Le respondemos en un día hábil.'),
        button: { label: text('Contact us', 'Contáctenos'), href: '/contact-us' },
      },
    ],
  });
  await publish('pages', {
    route: 'contact-us',
    title: text('Contact us', 'Contáctenos'),
    description: text(
      'Send us a message, call, or visit our Springfield office.',
      'Envíenos un mensaje, llámenos o visite nuestra oficina en Springfield.',
    ),
    blocks: [
      {
        id: id(),
        type: 'contact_form',
        heading: text('Send us a message', 'Envíenos un mensaje'),
        text: text(
          'Tell us what you need; a preparer answers within one business day.',
          'Díganos qué necesita; un preparador de impuestos le responde en un día hábil.',
        ),
      },
      { id: id(), type: 'business_details', heading: text('Our office', 'Nuestra oficina'), show_map_link: true },
    ],
  });

  await publishCollections(publish, price, images);
}
