import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { listServices } from '../catalog/index.ts';
import type { Db } from '../platform/db/client.ts';
import type { MediaStore } from '../platform/storage/index.ts';
import { siteSettings, users } from '../platform/db/schema.ts';
import { createEntry, type Editor, publishEntry, saveSettings } from '../site/index.ts';
import { en, id, publishCollections } from './sample-site-collections.ts';
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
    await makeSite(db, editor, await sampleImages({ db, media, log }, editor));
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
    tagline: en('Tax preparation, planning and IRS help for families and small businesses.'),
    logo: { src: '/icon.svg', alt: en('Harbor Tax & Accounting'), width: 64, height: 64 },
    colors: { primary: '#1c7ed6', accent: '#f59f00' },
    business: {
      street: '240 Harbor Street, Suite 3',
      locality: 'Springfield',
      region: 'IL',
      postal_code: '62701',
      country: 'US',
      phone: '+1 (217) 555-0142',
      email: 'hello@harbortax.example',
      hours: en('Monday to Friday 9:00–18:00; Saturdays 10:00–14:00 from February to April'),
      map_url: 'https://www.openstreetmap.org/search?query=Springfield%20IL',
    },
    header_menu: [
      {
        label: en('Services'),
        href: '/p/services',
        children: [
          { label: en('Pricing'), href: '/p/pricing' },
          { label: en('FAQ'), href: '/p/faq' },
        ],
      },
      { label: en('About us'), href: '/about-us', children: [] },
      { label: en('Blog'), href: '/list/blog', children: [] },
      { label: en('Careers'), href: '/seeker', children: [] },
      { label: en('Contact'), href: '/contact-us', children: [] },
    ],
    footer_columns: [
      {
        heading: en('Services'),
        links: [
          { label: en('Individual returns'), href: '/p/services' },
          { label: en('Pricing'), href: '/p/pricing' },
          { label: en('FAQ'), href: '/p/faq' },
        ],
      },
      {
        heading: en('The firm'),
        links: [
          { label: en('About us'), href: '/about-us' },
          { label: en('Gallery'), href: '/gallery-detail/our-office' },
          { label: en('Careers'), href: '/seeker' },
          { label: en('Contact'), href: '/contact-us' },
        ],
      },
      {
        heading: en('Resources'),
        links: [
          { label: en('Blog'), href: '/list/blog' },
          { label: en('IRS: where’s my refund?'), href: 'https://www.irs.gov/refunds' },
        ],
      },
    ],
    social_links: [
      { network: 'facebook', url: 'https://www.facebook.com/' },
      { network: 'linkedin', url: 'https://www.linkedin.com/' },
    ],
    reference_sites: [
      { label: en('IRS'), url: 'https://www.irs.gov' },
      { label: en('Illinois Department of Revenue'), url: 'https://tax.illinois.gov' },
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
  const cta = { label: en('Start your return'), href: startWith() };
  const testimonials = {
    id: id(),
    type: 'testimonials',
    heading: en('What our clients say'),
    items: [
      {
        quote: en('They found deductions I had missed for years, and I never had to visit the office.'),
        name: 'Maria G.',
        role: en('Freelance designer'),
      },
      {
        quote: en('Our S corporation return was filed two weeks early. Clear prices, no surprises.'),
        name: 'Priya R.',
        role: en('Small business owner'),
      },
      { quote: en('The IRS letter looked terrifying. Harbor answered it for me within a week.'), name: 'James O.' },
    ],
  };

  await publish('pages', {
    route: 'home',
    title: en('Harbor Tax & Accounting'),
    description: en(
      'Tax returns, planning and IRS help in Springfield, IL and online. Upload documents securely, see your price up front, pay online.',
    ),
    blocks: [
      {
        id: id(),
        type: 'hero',
        heading: en('Taxes done right, without the shoebox'),
        text: en(
          'Licensed preparers for individuals, families and small businesses. Upload your documents from your phone, follow your return online, and pay only when it is ready.',
        ),
        image: images.hero,
        cta,
      },
      { id: id(), type: 'services_grid', heading: en('Services and prices'), service_type_id: null },
      testimonials,
      { id: id(), type: 'latest_posts', heading: en('From the blog'), count: 3, category: null },
      {
        id: id(),
        type: 'cta',
        heading: en('Ready when you are'),
        text: en('Open a request in two minutes. We will tell you what we need and what it costs before we start.'),
        button: cta,
      },
      { id: id(), type: 'business_details', heading: en('Visit or call us'), show_map_link: true },
    ],
  });
  await publish('pages', {
    route: 'home',
    variant: 'mobile',
    title: en('Harbor Tax & Accounting'),
    description: en('Tax returns, planning and IRS help, from your phone.'),
    blocks: [
      {
        id: id(),
        type: 'hero',
        heading: en('Your taxes, from your phone'),
        text: en('Snap your W-2, answer a few questions, and we do the rest.'),
        image: null,
        cta,
      },
      {
        id: id(),
        type: 'cta',
        heading: en('Talk to a preparer'),
        text: en('Questions first? Send us a message and we answer within one business day.'),
        button: { label: en('Contact us'), href: '/contact-us' },
      },
      { id: id(), type: 'latest_posts', heading: en('Tax tips'), count: 2, category: null },
      { id: id(), type: 'business_details', heading: en('Find us'), show_map_link: true },
    ],
  });
  await publish('pages', {
    route: 'about-us',
    title: en('About us'),
    description: en('A Springfield tax practice since 2009: enrolled agents and CPAs who answer your questions.'),
    blocks: [
      {
        id: id(),
        type: 'hero',
        heading: en('About Harbor Tax & Accounting'),
        text: en('Enrolled agents and CPAs, in Springfield since 2009.'),
        image: null,
        cta: null,
      },
      {
        id: id(),
        type: 'rich_text',
        html: en(
          '<p>We started Harbor in a two-room office above the harbor market with one promise: <strong>a clear price before we start, and a real person who answers</strong>. Fifteen seasons later we prepare more than 1,200 returns a year for families, freelancers and small businesses.</p><h2>How we work</h2><ul><li>Every return is prepared by a licensed preparer and checked by a second one.</li><li>Your documents live in an encrypted vault, not in e-mail.</li><li>You approve a draft before anything is filed.</li></ul>',
        ),
      },
      { id: id(), type: 'gallery', gallery: 'our-office' },
      testimonials,
    ],
  });
  await publish('pages', {
    route: 'services',
    title: en('Services and prices'),
    description: en(
      'Individual, business and expat tax returns, IRS notice responses and planning, with prices up front.',
    ),
    blocks: [
      {
        id: id(),
        type: 'hero',
        heading: en('Services and prices'),
        text: en('Every price is the full price for a typical return; we confirm yours before we start.'),
        image: null,
        cta,
      },
      { id: id(), type: 'services_grid', heading: en('Everything we prepare'), service_type_id: null },
      {
        id: id(),
        type: 'cta',
        heading: en('Not sure which one you need?'),
        text: en('Tell us about your situation and we will recommend the right service.'),
        button: { label: en('Ask us'), href: '/contact-us' },
      },
    ],
  });
  await publish('pages', {
    route: 'pricing',
    title: en('Pricing'),
    description: en('Three ways to work with us, from a simple 1040 to year-round planning.'),
    blocks: [
      {
        id: id(),
        type: 'pricing_plans',
        heading: en('Simple, published prices'),
        plans: [
          {
            name: en('Essential'),
            price_cents: price('Form 1040 – Standard'),
            currency: 'USD',
            period: 'once',
            features: [
              en('Federal and one state return'),
              en('W-2, interest and dividends'),
              en('E-file and direct deposit'),
            ],
            highlighted: false,
            cta: { label: en('Choose Essential'), href: startWith('Form 1040 – Standard') },
          },
          {
            name: en('Itemized'),
            price_cents: price('Form 1040 – Itemized'),
            currency: 'USD',
            period: 'once',
            features: [
              en('Everything in Essential'),
              en('Mortgage, charity and medical deductions'),
              en('A review call with your preparer'),
            ],
            highlighted: true,
            cta: { label: en('Choose Itemized'), href: startWith('Form 1040 – Itemized') },
          },
          {
            name: en('Year-round planning'),
            price_cents: price('Tax Planning Consultation'),
            currency: 'USD',
            period: 'month',
            features: [en('Quarterly estimated payments'), en('Planning before year end'), en('IRS notices handled')],
            highlighted: false,
            cta: { label: en('Talk to us'), href: '/contact-us' },
          },
        ],
      },
      {
        id: id(),
        type: 'faq',
        heading: en('Pricing questions'),
        items: [
          {
            question: en('When do I pay?'),
            answer: en('When your return is ready: you approve the draft, then pay the invoice online.'),
          },
          {
            question: en('What if my return is more complex?'),
            answer: en('We tell you the price before we start. It never changes without your agreement.'),
          },
        ],
      },
    ],
  });
  await publish('pages', {
    route: 'faq',
    title: en('Frequently asked questions'),
    description: en('Deadlines, documents, prices and how our online portal works.'),
    blocks: [
      {
        id: id(),
        type: 'faq',
        heading: en('Frequently asked questions'),
        items: [
          {
            question: en('What documents do I need?'),
            answer: en(
              'Your W-2s and 1099s, last year’s return, and receipts for deductions. After you open a request, the portal lists exactly what we still need.',
            ),
          },
          {
            question: en('Is it safe to upload my documents?'),
            answer: en(
              'Yes. Files are encrypted at rest, only you and your preparer can open them, and every download is logged.',
            ),
          },
          {
            question: en('When is the filing deadline?'),
            answer: en(
              'April 15 for most individual returns. We can file an extension if you need more time to gather documents.',
            ),
          },
          {
            question: en('Can you help with a letter from the IRS?'),
            answer: en(
              'Yes: open an IRS Notice Response request and upload the letter. We reply to the IRS on your behalf.',
            ),
          },
          {
            question: en('Do you prepare state returns?'),
            answer: en('Yes, for every state. One state return is included in each individual price.'),
          },
        ],
      },
      {
        id: id(),
        type: 'cta',
        heading: en('Still have a question?'),
        text: en('We answer within one business day.'),
        button: { label: en('Contact us'), href: '/contact-us' },
      },
    ],
  });
  await publish('pages', {
    route: 'contact-us',
    title: en('Contact us'),
    description: en('Send us a message, call, or visit our Springfield office.'),
    blocks: [
      {
        id: id(),
        type: 'contact_form',
        heading: en('Send us a message'),
        text: en('Tell us what you need; a preparer answers within one business day.'),
      },
      { id: id(), type: 'business_details', heading: en('Our office'), show_map_link: true },
    ],
  });

  await publishCollections(publish, price, images);
}
