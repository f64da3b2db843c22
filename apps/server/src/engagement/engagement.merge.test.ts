import { describe, expect, it } from 'vitest';
import { MERGE_FIELDS } from '@taxportal/contract';
import { sanitizeRichText } from '../site/index.ts';
import { namesField, renderLetter, sha256Hex, unknownFields, type MergeValues } from './engagement.merge.ts';

/** Merging a template into a letter (docs/decisions/0036): literal values, escaped, never pattern-expanded. */
const words = { service: 'Service', fee: 'Fee', total: 'Total' };
const values = (over: Partial<MergeValues> = {}): MergeValues => ({
  client_name: 'Dana Client',
  spouse_name: 'Sam Client',
  client_names: 'Dana Client and Sam Client',
  tax_year: '2025',
  services: [{ name: 'Individual return', fee_cents: 35_000 }],
  firm_name: 'Acme Tax',
  firm_address: '1 Main St, Springfield, IL 62701',
  date: 'January 5, 2026',
  deposit: '$100.00',
  ...over,
});
const template = sanitizeRichText(
  '<p>Dear {{client_name}} and {{ spouse_name }},</p><p>{{firm_name}}, {{firm_address}}, {{date}}: your {{tax_year}} return.</p>{{services}}<p>Deposit: {{deposit}}</p>',
);

describe('merge fields', () => {
  it('fills every known field, in the HTML and the text', () => {
    const r = renderLetter(template, values(), words, 'en');
    expect(r.html).toContain('<p>Dear Dana Client and Sam Client,</p>');
    expect(r.html).toContain('Acme Tax, 1 Main St, Springfield, IL 62701, January 5, 2026: your 2025 return.');
    expect(r.html).toContain('<td>Individual return</td><td class="fee">$350.00</td>');
    expect(r.html).toContain('<th>Total</th><th class="fee">$350.00</th>');
    expect(r.html).toContain('Deposit: $100.00');
    expect(r.html).not.toContain('{{');
    expect(r.text).toContain('Dear Dana Client and Sam Client,\n');
    expect(r.text).toMatch(/\n\nIndividual return \.{3,} \$350\.00\nTotal \.{3,} \$350\.00\n\n/);
    expect(r.sha256).toBe(sha256Hex(r.html));
  });

  it('names the unknown fields of a template, once each, and knows every listed field', () => {
    expect(unknownFields('<p>{{client_name}} {{ssn}} {{ssn}} {{ Client_Name }} {{}}</p>')).toEqual([
      'ssn',
      'Client_Name',
      '',
    ]);
    expect(unknownFields(MERGE_FIELDS.map((f) => `{{${f}}}`).join(' '))).toEqual([]);
  });

  it("renders replacement patterns literally: $&, $1, $$, $` and $'", () => {
    const hostile = "$& $1 $$ $` $' $<name>";
    const r = renderLetter(template, values({ client_name: hostile, firm_name: '$&$&' }), words, 'en');
    expect(r.html).toContain('Dear $&amp; $1 $$ $` $&#39; $&lt;name&gt; and');
    expect(r.text).toContain(`Dear ${hostile} and`);
    expect(r.html).toContain('$&amp;$&amp;, 1 Main St');
  });

  it('escapes markup in values: no tag, attribute or entity of theirs survives', () => {
    const r = renderLetter(
      template,
      values({
        client_name: '<script>alert(1)</script><img src=x onerror=alert(2)>',
        spouse_name: '"quoted" & \'single\'',
        services: [{ name: '<b>Bold</b> & co', fee_cents: 1 }],
      }),
      words,
      'en',
    );
    expect(r.html).not.toContain('<script');
    expect(r.html).not.toContain('<img');
    expect(r.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(r.html).toContain('&quot;quoted&quot; &amp; &#39;single&#39;');
    expect(r.html).toContain('<td>&lt;b&gt;Bold&lt;/b&gt; &amp; co</td>');
    expect(r.text).toContain('<script>alert(1)</script>');
  });

  it('drops control and text-direction characters from values (they would hide or reorder words)', () => {
    const r = renderLetter(
      template,
      values({ client_name: 'Ev\u202Eil\u0000 Na\u0007me\u2066\u200F', spouse_name: 'A\u0085B' }),
      words,
      'en',
    );
    expect(r.html).toContain('Dear Evil Name and AB,');
    expect(r.text).toContain('Dear Evil Name and AB,');
  });

  it('keeps emoji and long names whole, and a template without fields as it is', () => {
    const long = '🧾'.repeat(100);
    expect(renderLetter(template, values({ client_name: long }), words, 'en').html).toContain(`Dear ${long} and`);
    const plain = '<p>No fields here: {{ not closed</p>';
    expect(renderLetter(plain, values(), words, 'en').html).toBe(plain);
  });

  it('writes money and totals in the letter’s language', () => {
    const r = renderLetter(
      '<p>{{services}}</p>',
      values({
        services: [
          { name: 'A', fee_cents: 100_050 },
          { name: 'B', fee_cents: 50 },
        ],
      }),
      { service: 'Servicio', fee: 'Honorario', total: 'Total' },
      'es',
    );
    expect(r.text).toMatch(/A \.{3,} (1000,50\s?US\$|US\$\s?1000,50|\$1,000\.50|1\.000,50)/);
    expect(r.html).toContain('<th>Servicio</th>');
  });

  it('keeps the letter’s blocks in the text: headings and paragraphs apart, list items with bullets, rows as lines', () => {
    const r = renderLetter(
      sanitizeRichText(
        '<h2>Our engagement</h2><p>Dear {{client_names}},</p><ul><li><p>One</p></li><li><p>Two <strong>bold</strong></p>' +
          '<ol><li><p>Nested</p></li></ol></li></ul><p>Line<br>break</p>{{services}}<p>Bye</p>',
      ),
      values(),
      words,
      'en',
    );
    expect(r.text).toBe(
      [
        'Our engagement',
        '',
        'Dear Dana Client and Sam Client,',
        '',
        '• One',
        '• Two bold',
        '  1. Nested',
        '',
        'Line',
        'break',
        '',
        `Individual return ${'.'.repeat(34)} $350.00`,
        `Total ${'.'.repeat(46)} $350.00`,
        '',
        'Bye',
      ].join('\n'),
    );
  });

  it('decodes entities once, as the page shows them: an escaped reference stays literal text', () => {
    const r = renderLetter('<p>See &amp;#x202E; &amp;amp; &lt;b&gt; &#233;</p>', values(), words, 'en');
    expect(r.text).toBe('See &#x202E; &amp; <b> é');
  });

  it('knows whether a template names {{services}}', () => {
    expect(namesField('<p>{{ services }}</p>', 'services')).toBe(true);
    expect(namesField('<p>{{client_name}}</p>', 'services')).toBe(false);
  });
});
