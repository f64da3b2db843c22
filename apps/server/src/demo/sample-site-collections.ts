import type { createEntry } from '../site/index.ts';
import type { SampleImages } from './sample-site-images.ts';

// The sample site's collections (categories, blog posts, a gallery, web forms, a webinar, an opening), and the
// small helpers the whole sample site writes with. sample-site.ts makes the settings and pages, then these.

export const en = (text: string) => ({ en: text });
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
  await publish('categories', { slug: 'deadlines', name: en('Deadlines'), description: en('Dates not to miss') });
  await publish('categories', {
    slug: 'small-business',
    name: en('Small business'),
    description: en('For owners and freelancers'),
  });
  const post = (slug: string, title: string, excerpt: string, body: string, categories: string[]) =>
    publish('posts', {
      slug,
      title: en(title),
      excerpt: en(excerpt),
      body: en(body),
      author: 'Avery Admin',
      categories,
      cover: null,
    });
  await post(
    'five-documents-to-gather-now',
    'Five documents to gather before tax season',
    'A short list that makes your return faster and your refund bigger.',
    '<p>Most delays come from a missing form. Gather these five now:</p><ol><li>W-2s from every employer</li><li>1099s for interest, dividends and freelance work</li><li>Form 1098 for mortgage interest</li><li>Receipts for charitable gifts</li><li>Last year’s return</li></ol><p>Upload them to your vault as they arrive; we will tell you if anything is missing.</p>',
    ['deadlines'],
  );
  await post(
    'estimated-taxes-for-freelancers',
    'Estimated taxes for freelancers, explained',
    'Why the IRS wants four payments a year, and how to work out yours.',
    '<p>If no employer withholds tax from your income, the IRS expects <strong>quarterly estimated payments</strong>: in April, June, September and January.</p><p>A simple rule: set aside 25–30% of every invoice you are paid. We can work out the exact amounts in a planning consultation.</p>',
    ['small-business'],
  );
  await post(
    'what-to-do-with-an-irs-letter',
    'Got a letter from the IRS? Don’t panic',
    'Most notices are routine. Here is how to read one and what to do next.',
    '<p>Most IRS letters ask a question or correct a small mistake. Read the notice number in the top right corner, note the response date, and do not ignore it.</p><p>Upload the letter to your vault with an <em>IRS Notice Response</em> request and we answer for you.</p>',
    ['deadlines'],
  );

  await publish('galleries', {
    slug: 'our-office',
    title: en('Our office'),
    description: en('Where we work, on Harbor Street.'),
    cover: images.office,
    images: [
      { ...images.office, caption: en('Harbor Street, Suite 3') },
      { ...images.team, caption: en('The team, January') },
      { ...images.hero, alt: en('A review meeting'), caption: en('Every return gets a second review') },
    ],
  });

  const forms = {
    webinar: {
      slug: 'webinar-registration',
      title: en('Register for the webinar'),
      description: en(''),
      fields: [
        { name: 'full_name', label: en('Full name'), type: 'text', required: true, options: [] },
        { name: 'email', label: en('E-mail'), type: 'email', required: true, options: [] },
        {
          name: 'question',
          label: en('A question for the panel (optional)'),
          type: 'textarea',
          required: false,
          options: [],
        },
      ],
      child_group: null,
      submit_label: en('Register'),
      success_message: en('You are registered: the link arrives by e-mail the day before.'),
    },
    job: {
      slug: 'seasonal-preparer-application',
      title: en('Apply: seasonal tax preparer'),
      description: en('Tell us about yourself and where you have prepared returns before.'),
      fields: [
        { name: 'full_name', label: en('Full name'), type: 'text', required: true, options: [] },
        { name: 'email', label: en('E-mail'), type: 'email', required: true, options: [] },
        { name: 'phone', label: en('Phone'), type: 'phone', required: true, options: [] },
        {
          name: 'credential',
          label: en('Credential'),
          type: 'select',
          required: true,
          options: [
            { value: 'ptin', label: en('PTIN only') },
            { value: 'afsp', label: en('Annual Filing Season Program') },
            { value: 'ea', label: en('Enrolled agent') },
            { value: 'cpa', label: en('CPA') },
          ],
        },
        { name: 'start_date', label: en('Earliest start date'), type: 'date', required: false, options: [] },
        {
          name: 'resume',
          label: en('Résumé'),
          type: 'file',
          required: true,
          options: [],
          help: en('A PDF or a photo of it, up to 10 MB.'),
        },
      ],
      child_group: {
        label: en('Previous seasons'),
        fields: [
          { name: 'employer', label: en('Firm'), type: 'text', required: true, options: [] },
          { name: 'returns', label: en('Returns prepared'), type: 'number', required: false, options: [] },
        ],
        max_rows: 10,
      },
      submit_label: en('Send application'),
      success_message: en('Thank you! We reply to every application within a week.'),
    },
  };
  await publish('forms', forms.webinar);
  await publish('forms', forms.job);

  await publish('events', {
    slug: 'tax-deadline-webinar',
    title: en('Webinar: beat the April tax deadline'),
    summary: en(
      'Forty-five minutes on what to file, what to gather and when to ask for an extension, with live questions.',
    ),
    body: en(
      '<p>Join two of our enrolled agents for a free online session before the filing deadline.</p><ul><li>What changed this year</li><li>The documents people forget</li><li>Extensions: when they help and when they don’t</li></ul>',
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
    title: en('Seasonal tax preparer'),
    summary: en('January to April, in our Springfield office or remote. Paid per return with a season bonus.'),
    body: en(
      `<p>We are hiring two seasonal preparers for the coming filing season.</p><h3>You</h3><ul><li>Hold a PTIN (an AFSP record, EA or CPA is a plus)</li><li>Have prepared at least one season of individual returns</li><li>Explain things clearly to clients</li></ul><h3>We offer</h3><ul><li>${money(price('Form 1040 – Standard') / 4)} per return prepared, plus a season bonus</li><li>Training on our portal in January</li></ul>`,
    ),
    employment_type: 'SEASONAL',
    location: 'Springfield, IL',
    remote: true,
    valid_through: upcoming(60, 0).slice(0, 10),
    form: 'seasonal-preparer-application',
  });
}
