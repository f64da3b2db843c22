import { describe, expect, it } from 'vitest';
import { drawable, pdfFontFiles, pdfPlainText } from './pdf-fonts.ts';

describe('the PDF fonts', () => {
  it('are read once from the dejavu-fonts-ttf package and kept', async () => {
    const files = await pdfFontFiles();
    expect(await pdfFontFiles()).toBe(files);
    for (const file of Object.values(files)) {
      // TrueType files: version 1.0 in their first four bytes.
      expect(Buffer.from(file.bytes.subarray(0, 4)).toString('hex')).toBe('00010000');
    }
  });

  it('draw Latin with accents, Cyrillic, Greek and the bullet; "?" for what they have no glyph for', async () => {
    const { sans, sansBold, serifItalic } = await pdfFontFiles();
    for (const font of [sans, sansBold, serifItalic]) {
      expect(drawable('Налоговая Ωμέγα Ñandú Łódź ß ••••1234 – €', font)).toBe(
        'Налоговая Ωμέγα Ñandú Łódź ß ••••1234 – €',
      );
      expect(drawable('税务 王 🙂', font)).toBe('?? ? ?');
    }
    // The serif italic has fewer scripts than the sans.
    expect(drawable('שלום', sans)).toBe('שלום');
    expect(drawable('שלום', serifItalic)).toBe('????');
  });

  it('drop control characters and bidi controls, compose accents, and keep Unicode in metadata', async () => {
    const { sans } = await pdfFontFiles();
    expect(pdfPlainText('Ann\u202Eeman\u202C\tSmith\r\nJr\u0007')).toBe('Anneman Smith  Jr');
    expect(pdfPlainText('N\u0303andu\u0301 Z\u200Bero\uFE0F')).toBe('Ñandú Zero');
    expect(drawable('A\u2066B\u2069\u200F C\u0000', sans)).toBe('AB C');
    expect(pdfPlainText('税务')).toBe('税务');
  });
});
