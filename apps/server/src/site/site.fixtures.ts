import { expect } from 'vitest';
import type { z } from 'zod';
import type { Agent } from '../test/helper.ts';
import type { pageDataSchema } from '@taxportal/contract';

type PageInput = z.input<typeof pageDataSchema>;

/** A page as an editor sends it, for the site's tests. */
export const pageInput = (route: string, title = 'Our services', extra: Partial<PageInput> = {}): PageInput => ({
  route,
  title: { en: title },
  description: { en: `${title}: what we do` },
  blocks: [
    { id: 'b1', type: 'hero', heading: { en: title }, text: { en: 'Taxes done right.' } },
    { id: 'b2', type: 'rich_text', html: { en: '<p>Hello <strong>there</strong></p>' } },
  ],
  ...extra,
});

export const formInput = (slug: string) => ({
  slug,
  title: { en: 'Seasonal preparer application' },
  description: { en: '' },
  fields: [
    { name: 'full_name', label: { en: 'Full name' }, type: 'text', required: true, options: [] },
    { name: 'email', label: { en: 'E-mail' }, type: 'email', required: true, options: [] },
    {
      name: 'season',
      label: { en: 'Season' },
      type: 'select',
      required: true,
      options: [
        { value: '2027', label: { en: '2027 season' } },
        { value: '2028', label: { en: '2028 season' } },
      ],
    },
  ],
  child_group: {
    label: { en: 'Previous employers' },
    fields: [{ name: 'employer', label: { en: 'Employer' }, type: 'text', required: true, options: [] }],
    max_rows: 5,
  },
  submit_label: { en: 'Apply' },
  success_message: { en: 'Thank you' },
});

/** Website settings as an editor sends them. */
export function settingsInput() {
  return {
    firm_name: 'Harbor Tax <b>Co</b>',
    tagline: { en: 'Tax preparation & planning' },
    logo: null,
    colors: { primary: '#1c7ed6', accent: '#f59f00' },
    business: {
      street: '12 Harbor St',
      locality: 'Springfield',
      region: 'IL',
      postal_code: '62701',
      country: 'US',
      phone: '+1 217 555 0100',
      email: 'hello@harbor.example',
      hours: { en: 'Mon–Fri 9–5' },
      map_url: 'https://maps.example/harbor',
    },
    header_menu: [
      { label: { en: 'Services' }, href: '/p/services', children: [{ label: { en: 'Pricing' }, href: '/p/pricing' }] },
    ],
    footer_columns: [],
    social_links: [{ network: 'linkedin', url: 'https://linkedin.example/harbor' }],
    reference_sites: [{ label: { en: 'IRS' }, url: 'https://www.irs.gov' }],
  };
}

/** Creates a site entry as an editor and publishes it; its id. */
export async function publishContent(editor: Agent, kind: string, data: unknown): Promise<string> {
  const res = await editor.post(`/api/v1/admin/site/${kind}`, { data });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const published = await editor.post(`/api/v1/admin/site/${kind}/${id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

/** An upcoming online event (a deadline webinar), for the site's tests. */
export const eventInput = () => ({
  slug: 'webinar',
  title: { en: 'Deadline webinar' },
  summary: { en: 'Live Q&A' },
  body: { en: '<p>Join us</p>' },
  starts_at: '2027-04-01T18:00:00-04:00',
  time_zone: 'America/New_York',
  online_url: 'https://meet.example/webinar',
});
