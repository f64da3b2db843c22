import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf-text.ts';
import { generate8879, signPdf, type SignatureEvidence } from './signing.pdf.ts';

const details = {
  taxpayerName: 'Ærøskøbing Dana',
  spouseName: 'Σοφία Ковалёва',
  taxYear: 2025,
  firmName: 'Налоговая Ωμέγα Ñandú 税务',
  ticketName: 'TD-00042',
  preparedAt: new Date('2026-04-01T10:00:00Z'),
};
const evidence = (over: Partial<SignatureEvidence>): SignatureEvidence => ({
  role: 'taxpayer',
  name: details.taxpayerName,
  email: 'dana@example.test',
  method: 'typed',
  confirmation: 'passkey',
  phoneLast4: null,
  stricterCheckOff: false,
  image: null,
  typed: details.taxpayerName,
  signedAt: new Date('2026-04-02T10:00:00Z'),
  ip: '127.0.0.1',
  userAgent: 'Mozilla/5.0',
  ...over,
});

describe('Form 8879 with embedded fonts', () => {
  it('draws every name the fonts can, "?" only for CJK, and stays small', async () => {
    const unsigned = await generate8879(details);
    const text = pdfText(unsigned);
    expect(text).toContain('Ærøskøbing Dana');
    expect(text).toContain('Σοφία Ковалёва');
    expect(text).toContain('Prepared by Налоговая Ωμέγα Ñandú ?? on 2026-04-01 10:00:00 UTC');
    // The document information keeps the name whole (UTF-16 text, no font involved).
    expect((await PDFDocument.load(unsigned)).getAuthor()).toBe(details.firmName);
    // Subsets: the glyphs drawn, not the fonts' 1.7 MB.
    expect(unsigned.length).toBeLessThan(40_000);

    const taxpayer = evidence({});
    // Hebrew: the serif italic has none, the sans has, so this typed signature is drawn in the sans.
    const spouse = evidence({ role: 'spouse', name: details.spouseName, typed: 'שלום' });
    const once = await signPdf(unsigned, {
      source: 'generated',
      baseHasAuditPage: false,
      unsignedSha256: 'ab'.repeat(32),
      ticketName: details.ticketName,
      taxYear: details.taxYear,
      firmName: details.firmName,
      place: [taxpayer],
      signers: [taxpayer],
    });
    const twice = await signPdf(once, {
      source: 'generated',
      baseHasAuditPage: true,
      unsignedSha256: 'ab'.repeat(32),
      ticketName: details.ticketName,
      taxYear: details.taxYear,
      firmName: details.firmName,
      place: [spouse],
      signers: [taxpayer, spouse],
    });
    const signed = pdfText(twice);
    // Right to left: its glyphs are drawn (and so read back) in visual order.
    expect(signed).toContain('םולש');
    expect(signed).toContain('Taxpayer: Ærøskøbing Dana');
    expect(signed).toContain('Spouse: Σοφία Ковалёва');
    expect(signed).toContain(`Signed electronically by ${details.spouseName} - 2026-04-02 10:00:00 UTC`);
    expect(await (await PDFDocument.load(twice)).getPageCount()).toBe(2);
    expect(twice.length).toBeLessThan(100_000);
  });
});

describe('Form 8879 in the taxpayer’s language', () => {
  it('draws the form as Form 8879(SP) words it, and the stamps and the audit page in Spanish', async () => {
    const unsigned = await generate8879({ ...details, language: 'es' });
    const form = pdfText(unsigned);
    for (const s of [
      'Formulario 8879(SP)',
      'Autorización de firma electrónica del IRS',
      'Año tributario 2025',
      'Caso TD-00042',
      'Nombre del contribuyente',
      'Nombre del cónyuge',
      'Parte II  Declaración del contribuyente y autorización de firma',
      'Bajo pena de perjurio',
      'Su firma',
      'Firma del cónyuge (declaración conjunta: ambos deben firmar)',
      'Preparado por Налоговая Ωμέγα Ñandú ?? el 2026-04-01 10:00:00 UTC',
    ]) {
      expect(form, s).toContain(s);
    }
    expect((await PDFDocument.load(unsigned)).getTitle()).toBe('Formulario 8879(SP) 2025 - Ærøskøbing Dana');

    // A firm's own PDF: the stamp above each signature is Spanish too.
    const taxpayer = evidence({ confirmation: 'sms_code', phoneLast4: '1234', stricterCheckOff: false });
    const spouse = evidence({
      role: 'spouse',
      name: details.spouseName,
      method: 'drawn',
      typed: null,
      confirmation: 'email_code',
      stricterCheckOff: true,
    });
    const signed = await signPdf(unsigned, {
      source: 'uploaded',
      baseHasAuditPage: false,
      unsignedSha256: 'ab'.repeat(32),
      ticketName: details.ticketName,
      taxYear: details.taxYear,
      firmName: details.firmName,
      place: [taxpayer],
      signers: [taxpayer, spouse],
      language: 'es',
    });
    const text = pdfText(signed);
    for (const s of [
      'Firma del contribuyente (Formulario 8879)',
      'Firmado electrónicamente por Ærøskøbing Dana - 2026-04-02 10:00:00 UTC',
      'Registro de auditoría de la firma electrónica',
      'Formulario 8879, año tributario 2025, caso TD-00042, Налоговая Ωμέγα Ñandú ??',
      `SHA-256 del documento sin firmar: ${'ab'.repeat(32)}`,
      'Contribuyente: Ærøskøbing Dana',
      'Cónyuge: Σοφία Ковалёва',
      'Correo electrónico: dana@example.test',
      'Fecha y hora de la firma (UTC): 2026-04-02 10:00:00 UTC',
      'Dirección IP: 127.0.0.1',
      'Método: firma escrita',
      'Método: firma dibujada',
      'Identidad confirmada con: código por SMS al ••••1234',
      'Identidad confirmada con: código de un solo uso enviado por correo electrónico - sin segundo factor',
      'Cada firmante confirmó su identidad antes de firmar',
    ]) {
      expect(text.replace(/\n/g, ' '), s).toContain(s);
    }
    for (const english of [
      'Signed electronically',
      'audit trail',
      'Taxpayer:',
      'Identity confirmed',
      'signature (Form',
    ]) {
      expect(text, english).not.toContain(english);
    }
  });
});
