import PDFDocument from 'pdfkit';
import { dollars } from '../../../domain/money/format';

/**
 * The billing statement as a PDF (document 002: "a real PDF built from ledger entries"),
 * drawn with pdfkit from a plain data structure so it is tested without a database:
 * opening balance, each movement with the balance after it, closing balance.
 */
export interface StatementLine {
  /** When it happened, already written in the user's zone (e.g. '2026-11-03 14:05'). */
  when: string;
  label: string;
  memo: string;
  amountCents: number;
  balanceCents: number;
}

export interface StatementData {
  company: { id: number; name: string };
  from: string;
  to: string;
  /** When it was made, written in the user's zone, and the zone's name. */
  generatedAt: string;
  timeZone: string;
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
}

const MARGIN = 50;
const COLS = { when: MARGIN, label: MARGIN + 95, amount: 400, balance: 480 };
const RIGHT = 545;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

/** Totals of a statement: money in, money out. */
export function statementTotals(lines: readonly StatementLine[]): { inCents: number; outCents: number } {
  let inCents = 0;
  let outCents = 0;
  for (const l of lines) if (l.amountCents >= 0) inCents += l.amountCents;
  else outCents -= l.amountCents;
  return { inCents, outCents };
}

export function renderStatementPdf(data: StatementData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `Billing statement ${data.company.name} ${data.from} to ${data.to}`, Author: 'Leadline', Creator: 'Leadline' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Heading
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text('Leadline', MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('Billing statement', MARGIN, MARGIN + 24);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(data.company.name, 300, MARGIN, { width: RIGHT - 300, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(`Account ${data.company.id}`, 300, MARGIN + 17, { width: RIGHT - 300, align: 'right' });
  doc.text(`Period ${data.from} to ${data.to}`, 300, MARGIN + 29, { width: RIGHT - 300, align: 'right' });
  doc.text(`Made ${data.generatedAt} (${data.timeZone})`, 300, MARGIN + 41, { width: RIGHT - 300, align: 'right' });

  // Summary
  const { inCents, outCents } = statementTotals(data.lines);
  let y = MARGIN + 75;
  doc.roundedRect(MARGIN, y, RIGHT - MARGIN, 58, 4).fillAndStroke('#f3f4f6', RULE);
  const summary: Array<[string, string]> = [
    ['Opening balance', dollars(data.openingCents)],
    ['Money in', dollars(inCents)],
    ['Money out', dollars(-outCents)],
    ['Closing balance', dollars(data.closingCents)],
  ];
  const cell = (RIGHT - MARGIN) / summary.length;
  summary.forEach(([label, value], i) => {
    const x = MARGIN + i * cell + 12;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, y + 12, { width: cell - 20 });
    doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(value, x, y + 28, { width: cell - 20 });
  });
  y += 80;

  const header = (top: number) => {
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    doc.text('DATE', COLS.when, top);
    doc.text('DESCRIPTION', COLS.label, top);
    doc.text('AMOUNT', COLS.amount - 60, top, { width: 70, align: 'right' });
    doc.text('BALANCE', COLS.balance - 10, top, { width: RIGHT - COLS.balance + 10, align: 'right' });
    doc.moveTo(MARGIN, top + 13).lineTo(RIGHT, top + 13).strokeColor(RULE).lineWidth(0.8).stroke();
    return top + 20;
  };
  const row = (top: number, when: string, label: string, memo: string, amount: string, balance: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(INK);
    doc.text(when, COLS.when, top, { width: 90 });
    doc.text(label, COLS.label, top, { width: COLS.amount - 70 - COLS.label });
    const labelBottom = doc.y;
    doc.text(amount, COLS.amount - 60, top, { width: 70, align: 'right' });
    doc.text(balance, COLS.balance - 10, top, { width: RIGHT - COLS.balance + 10, align: 'right' });
    let bottom = labelBottom;
    if (memo) {
      doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(memo, COLS.label, labelBottom + 1, { width: COLS.amount - 70 - COLS.label });
      bottom = doc.y;
    }
    doc.moveTo(MARGIN, bottom + 4).lineTo(RIGHT, bottom + 4).strokeColor('#eef0f3').lineWidth(0.5).stroke();
    return bottom + 9;
  };

  const pageBottom = doc.page.height - MARGIN - 30;
  y = header(y);
  y = row(y, data.from, 'Opening balance', '', '', dollars(data.openingCents), true);
  for (const l of data.lines) {
    if (y > pageBottom) {
      doc.addPage();
      y = header(MARGIN);
    }
    y = row(y, l.when, l.label, l.memo, dollars(l.amountCents), dollars(l.balanceCents));
  }
  if (y > pageBottom) {
    doc.addPage();
    y = header(MARGIN);
  }
  if (data.lines.length === 0) {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(MUTED).text('No movements in this period.', COLS.label, y);
    y = doc.y + 9;
  }
  row(y, data.to, 'Closing balance', '', '', dollars(data.closingCents), true);

  // Footers: page numbers on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - MARGIN + 10;
    // Writing inside the bottom margin must not start a new page.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(`${data.company.name} · ${data.from} to ${data.to}`, MARGIN, bottom, { width: 300, lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, RIGHT - 100, bottom, { width: 100, align: 'right', lineBreak: false });
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}
