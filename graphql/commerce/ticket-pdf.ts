import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { fromRoot } from '#platform/paths.ts';
import { createFormatter } from '#views/format.ts';
import { sfntFromWoff } from './woff-to-sfnt.ts';

export interface TicketPdfData {
  ticketId: string;
  /** The signed reference the QR code carries (ticket-links.ts). */
  reference: string;
  orderId: string;
  serial: number;
  ticketCount: number;
  eventName: { en: string; ar: string };
  ticketName: { en: string; ar: string };
  holder?: { firstName: string; lastName: string } | undefined;
  timeslot?: { start: Date; end: Date } | undefined;
  /** When the PDF was made (its metadata; the service's clock). */
  createdAt: Date;
}

// The brand's own face (SPEC 9.3: a separate Arabic set), from the package the site self-hosts
// its fonts from. fontkit reads WOFF and shapes Arabic (joining forms, right-to-left runs).
const FONT_FOLDER = fromRoot('node_modules/@fontsource/ibm-plex-sans-arabic/files');
const FONTS = {
  latin: `${FONT_FOLDER}/ibm-plex-sans-arabic-latin-400-normal.woff`,
  latinBold: `${FONT_FOLDER}/ibm-plex-sans-arabic-latin-700-normal.woff`,
  arabic: `${FONT_FOLDER}/ibm-plex-sans-arabic-arabic-400-normal.woff`,
  arabicBold: `${FONT_FOLDER}/ibm-plex-sans-arabic-arabic-700-normal.woff`,
} as const;

const COLOURS = { background: '#000000', panel: '#121212', accent: '#ff2e93', text: '#ffffff', muted: '#bdbdbd' };

type FontName = keyof typeof FONTS;

let opened: Record<FontName, fontkit.Font> | undefined;
/**
 * The four faces, read once per process and shared by every PDF (pdfkit takes a fontkit font as it
 * is and subsets it per document): reading and unpacking them for each ticket was most of its cost.
 */
function fonts(): Record<FontName, fontkit.Font> {
  opened ??= Object.fromEntries(
    Object.entries(FONTS).map(([name, file]) => [name, fontkit.create(sfntFromWoff(readFileSync(file))) as fontkit.Font]),
  ) as Record<FontName, fontkit.Font>;
  return opened;
}

const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufefc]/;

/** Whether every character other than spaces has a glyph in the font: no glyph boxes, ever. */
function covers(font: fontkit.Font, text: string): boolean {
  for (const character of text) {
    if (/\s/.test(character)) continue;
    if (!font.hasGlyphForCodePoint(character.codePointAt(0)!)) return false;
  }
  return true;
}

/**
 * The face a piece of text is drawn in: Arabic text in the Arabic face when it covers every
 * character, anything else in the Latin one, with what neither face has left out.
 */
export function typesetting(text: string): { face: 'latin' | 'arabic'; text: string } | undefined {
  const faces = fonts();
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (ARABIC_LETTER.test(trimmed)) return covers(faces.arabic, trimmed) ? { face: 'arabic', text: trimmed } : undefined;
  const kept = [...trimmed].filter((character) => /\s/.test(character) || faces.latin.hasGlyphForCodePoint(character.codePointAt(0)!));
  const result = kept.join('').replace(/\s+/g, ' ').trim();
  return result ? { face: 'latin', text: result } : undefined;
}

/** The QR code's modules for a reference: what the PDF draws, square by square. */
export function qrModules(reference: string): { size: number; isDark(row: number, column: number): boolean } {
  const code = QRCode.create(reference, { errorCorrectionLevel: 'M' });
  return { size: code.modules.size, isDark: (row, column) => Boolean(code.modules.get(row, column)) };
}

/**
 * One ticket as an A6 PDF in the brand's dark look: the event and ticket in English and Arabic,
 * the holder when assigned, the order, the timeslot, and a QR code of the signed reference on a
 * white square (scanners need the contrast).
 */
export async function renderTicketPdf(ticket: TicketPdfData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A6',
    margin: 0,
    info: {
      Title: `${ticket.eventName.en} – ${ticket.ticketName.en}`,
      Author: 'Nabd',
      Subject: `Order ${ticket.orderId}, ticket ${ticket.serial} of ${ticket.ticketCount}`,
      CreationDate: ticket.createdAt,
    },
  });
  // pdfkit takes a fontkit font as a font's source too (PDFFontFactory.open); its types leave that out.
  for (const [name, font] of Object.entries(fonts())) doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width;
  const height = doc.page.height;
  const margin = 22;
  const column = width - 2 * margin;
  doc.rect(0, 0, width, height).fill(COLOURS.background);
  doc.rect(0, 0, width, 5).fill(COLOURS.accent);

  const write = (text: string, options: { size: number; bold?: boolean; colour?: string; gap?: number }) => {
    const set = typesetting(text);
    if (!set) return;
    const arabic = set.face === 'arabic';
    const font: FontName = arabic ? (options.bold ? 'arabicBold' : 'arabic') : options.bold ? 'latinBold' : 'latin';
    doc
      .font(font)
      .fontSize(options.size)
      .fillColor(options.colour ?? COLOURS.text);
    if (arabic) writeRightToLeft(set.text, options.size);
    else doc.text(set.text, margin, doc.y, { width: column });
    doc.y += options.gap ?? 2;
  };

  // pdfkit lays a line out left to right and drops the spaces between shaped Arabic words, so each
  // word is shaped on its own (fontkit joins its letters) and the words are placed from the right.
  const writeRightToLeft = (text: string, size: number) => {
    const words = text.split(/\s+/);
    let fontSize = size;
    const lineWidth = () => words.reduce((sum, word) => sum + doc.widthOfString(word), 0) + (words.length - 1) * doc.widthOfString(' ');
    while (lineWidth() > column && fontSize > 6) doc.fontSize((fontSize -= 0.5));
    const top = doc.y;
    let right = width - margin;
    for (const word of words) {
      const wordWidth = doc.widthOfString(word);
      doc.text(word, right - wordWidth, top, { lineBreak: false });
      right -= wordWidth + doc.widthOfString(' ');
    }
    doc.y = top + doc.currentLineHeight(true);
  };

  doc.y = 18;
  write('NABD', { size: 11, bold: true, colour: COLOURS.accent, gap: 8 });
  write(ticket.eventName.en, { size: 17, bold: true });
  write(ticket.eventName.ar, { size: 15, bold: true, gap: 8 });
  write(ticket.ticketName.en, { size: 13, colour: COLOURS.accent });
  write(ticket.ticketName.ar, { size: 12, colour: COLOURS.accent, gap: 8 });
  if (ticket.timeslot) {
    const format = createFormatter('en');
    write(`${format.dateTime(ticket.timeslot.start)} – ${format.time(ticket.timeslot.end)} (Riyadh)`, { size: 10 });
  }
  if (ticket.holder) write(`${ticket.holder.firstName} ${ticket.holder.lastName}`, { size: 12, bold: true });
  write(`Order ${ticket.orderId} · Ticket ${ticket.serial} of ${ticket.ticketCount}`, { size: 9, colour: COLOURS.muted });

  const modules = qrModules(ticket.reference);
  const quiet = 4;
  const side = 150;
  const unit = side / (modules.size + 2 * quiet);
  const left = (width - side) / 2;
  const top = height - side - 34;
  doc.rect(left, top, side, side).fill('#ffffff');
  for (let row = 0; row < modules.size; row += 1) {
    for (let columnIndex = 0; columnIndex < modules.size; columnIndex += 1) {
      if (modules.isDark(row, columnIndex)) doc.rect(left + (columnIndex + quiet) * unit, top + (row + quiet) * unit, unit, unit);
    }
  }
  doc.fill('#000000');
  doc
    .font('latin')
    .fontSize(7)
    .fillColor(COLOURS.muted)
    .text(ticket.ticketId, margin, height - 26, { width: column, align: 'center' });

  doc.end();
  return finished;
}
