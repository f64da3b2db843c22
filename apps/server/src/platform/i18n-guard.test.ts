import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Issue 31: what the server writes to a person (problem details and field messages, e-mail, text messages,
 * notifications, PDFs) comes from the catalogue (contract texts/), so it has its Spanish. This reads the server's
 * source and lists every string literal that reads like a sentence and is not in a place that never reaches a
 * person (a log line, an internal Error, SQL, a test). A text here is a text with no Spanish.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = fs
  .readdirSync(src, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.test\.ts$|\.d\.ts$|\.fixtures\.ts$/.test(e.name))
  .map((e) => path.join(e.parentPath, e.name))
  .filter((f) => !/[/\\](test|demo|cli)[/\\]|[/\\]db[/\\](schema|migrations|seed)/.test(f));

/** Two words of letters with a space, or one capitalised word and a stop: what a person reads. */
const SENTENCE = /[A-Za-z]{2,}[ ,:;]+[A-Za-z]{2,}|^[A-Z][a-z]+[.!?]$/;
/** Where a text reaches a person: a problem's detail and field messages, a mail, a notification, a PDF, an SMS. */
const SINK_CALLEES = /^(fieldError|notFound|problem|\w*Problem|\w+\.(drawText|text|send)|sendInBackground)$/;
const SINK_PROPERTIES = new Set(['subject', 'text', 'html', 'title', 'body', 'detail', 'message']);

const nameOf = (node: ts.Node) => node.getText().replace(/\s+/g, '');

/** The expressions whose strings a person reads. */
function sinks(source: ts.SourceFile): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && nameOf(node.expression) === 'AppError')
      out.push(...(node.arguments ?? []).slice(1));
    else if (ts.isCallExpression(node) && SINK_CALLEES.test(nameOf(node.expression))) out.push(...node.arguments);
    else if (ts.isPropertyAssignment(node) && SINK_PROPERTIES.has(nameOf(node.name))) out.push(node.initializer);
    else if (
      // A module's named text: const NOT_FOUND = 'Document not found.';
      ts.isVariableDeclaration(node) &&
      /^[A-Z][A-Z0-9_]+$/.test(nameOf(node.name)) &&
      node.initializer &&
      ts.isStringLiteralLike(node.initializer) &&
      /[.!?]$/.test(node.initializer.text)
    )
      out.push(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

export function sentenceLiterals(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = new Map<number, string>();
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const value = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('x')
        : node.text;
      // Markup is not a sentence (the head's tags): what is between its tags may be.
      if (SENTENCE.test(value.replace(/<[^>]*>/g, ' '))) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.set(node.getStart(), `${path.relative(src, file)}:${line + 1}: ${value.slice(0, 70)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const sink of sinks(source)) visit(sink);
  return [...found.values()];
}

/** Texts no person using the portal reads, each with why. */
const NOT_FOR_A_PERSON = new Map([
  ['platform/openapi.ts: Tax Portal API', "the OpenAPI document's title, for developers"],
]);

describe("the server's texts", () => {
  it('finds a sentence outside the catalogue, and not a log line', () => {
    const probe = `
      throw new AppError('conflict', 'This is not in the catalogue.');
      deps.log.warn({ id }, 'mail send failed');
      const NAME = 'Not a sentence';
      const GONE = 'Document not found.';
      const q = sql\`select 1 from x where a = 'b c'\`;
      mailer.send({ subject: \`\${name}: a new message\` });`;
    expect(sentenceLiterals(path.join(src, 'probe.ts'), probe).map((l) => l.replace(/^[^:]+:\d+: /, ''))).toEqual([
      'This is not in the catalogue.',
      'Document not found.',
      'x: a new message',
    ]);
  });

  it('are all in the catalogue (contract texts/): none written in the code', () => {
    const found = files.flatMap((f) => sentenceLiterals(f));
    expect(found.filter((l) => !NOT_FOR_A_PERSON.has(l.replace(/:\d+:/, ':')))).toEqual([]);
  });
});
