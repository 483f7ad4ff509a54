import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { fromRoot } from '#platform/paths.ts';
import { createFormatter, type Locale } from '#views/format.ts';
import { loadOrderEmailTranslations } from './order-translations.ts';
import { sfntFromWoff } from './woff-to-sfnt.ts';

export interface TicketPdfData {
  ticketId: string;
  /** The signed reference the QR code carries (ticket-links.ts). */
  reference: string;
  orderId: string;
  /** The order's language: the ticket's labels, dates and venue are in it, the names in both. */
  locale: Locale;
  serial: number;
  ticketCount: number;
  eventName: Bilingual;
  ticketName: Bilingual;
  /** When the event runs, for a ticket without a timeslot; absent for events imported before the catalogue gave dates. */
  eventDates?: { start: Date; end: Date } | undefined;
  /** The time of day the gates open, "15:00" (Riyadh). */
  gatesOpen?: string | undefined;
  venue?: { name: Bilingual; address?: Bilingual | undefined; mapUrl?: string | undefined } | undefined;
  holder?: { firstName: string; lastName: string } | undefined;
  /** Who bought the order: printed when no holder is named yet, so every ticket carries a name. */
  buyer?: { firstName: string; lastName: string } | undefined;
  timeslot?: { start: Date; end: Date } | undefined;
  /** When the PDF was made (its metadata; the service's clock). */
  createdAt: Date;
}

interface Bilingual {
  en: string;
  ar: string;
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

let unpacked: Record<FontName, Buffer> | undefined;
/**
 * The four faces unpacked from WOFF once per process: unpacking them for each ticket was most of
 * its cost. Each document still opens its own fontkit font from these bytes: fontkit keeps a glyph
 * with the characters it was first shaped from, so a font shared by documents would give one
 * ticket's text the previous ticket's characters when it is copied or read aloud.
 */
function faceBytes(): Record<FontName, Buffer> {
  unpacked ??= Object.fromEntries(Object.entries(FONTS).map(([name, file]) => [name, sfntFromWoff(readFileSync(file))])) as Record<
    FontName,
    Buffer
  >;
  return unpacked;
}

let coverage: Record<FontName, fontkit.Font> | undefined;
/** The faces for asking which characters they have (no shaping, so they can be shared). */
function fonts(): Record<FontName, fontkit.Font> {
  coverage ??= Object.fromEntries(
    Object.entries(faceBytes()).map(([name, bytes]) => [name, fontkit.create(bytes) as fontkit.Font]),
  ) as Record<FontName, fontkit.Font>;
  return coverage;
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

let translations: ReturnType<typeof loadOrderEmailTranslations> | undefined;
const translatorFor = (locale: Locale) => (translations ??= loadOrderEmailTranslations())(locale);

const other = (locale: Locale): Locale => (locale === 'ar' ? 'en' : 'ar');

/**
 * One ticket as an A6 PDF in the brand's dark look, in the order's language: the event and ticket
 * (their names in both languages), the date or timeslot, when the gates open, the venue with its
 * address and a map link, the holder when assigned, the order, and a QR code of the signed
 * reference on a white square (scanners need the contrast).
 */
export async function renderTicketPdf(ticket: TicketPdfData): Promise<Buffer> {
  const { locale } = ticket;
  const t = translatorFor(locale);
  const format = createFormatter(locale);
  const doc = new PDFDocument({
    size: 'A6',
    margin: 0,
    lang: locale,
    info: {
      Title: `${ticket.eventName[locale]} – ${ticket.ticketName[locale]}`,
      Author: 'Nabd',
      Subject: t('ticketPdf.order', { orderId: ticket.orderId, serial: ticket.serial, count: ticket.ticketCount }),
      CreationDate: ticket.createdAt,
    },
  });
  for (const [name, bytes] of Object.entries(faceBytes())) doc.registerFont(name, bytes);
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

  type Style = { size: number; bold?: boolean; colour?: string; gap?: number; link?: string };
  const faceOf = (face: 'latin' | 'arabic', bold?: boolean): FontName =>
    face === 'arabic' ? (bold ? 'arabicBold' : 'arabic') : bold ? 'latinBold' : 'latin';

  // Every line starts on the side the order's language reads from, whatever its own script.
  const rightToLeftPage = locale === 'ar';

  const write = (text: string, style: Style) => {
    doc.fontSize(style.size).fillColor(style.colour ?? COLOURS.text);
    if (ARABIC_LETTER.test(text)) writeRightToLeft(text, style);
    else {
      const set = typesetting(text);
      if (!set) return;
      doc.font(faceOf('latin', style.bold));
      doc.text(set.text, margin, doc.y, {
        width: column,
        align: rightToLeftPage ? 'right' : 'left',
        ...(style.link ? { link: style.link, underline: true } : {}),
      });
    }
    doc.y += style.gap ?? 2;
  };

  // pdfkit lays a line out left to right and drops the spaces between shaped Arabic words, so the
  // line is cut into runs placed from the right: each Arabic word on its own (fontkit joins its
  // letters), each stretch of Latin words and digits (a name, an order number) as one
  // left-to-right run, and punctuation between them on its own, each in the face that has its
  // glyphs. A line wider than the column wraps.
  const writeRightToLeft = (text: string, style: Style) => {
    type Run = { text: string; face: 'latin' | 'arabic'; width: number };
    const runs: Run[] = [];
    let joinable = false;
    for (const word of text.trim().split(/\s+/)) {
      const set = typesetting(word);
      if (!set) continue;
      const leftToRight = set.face === 'latin' && /[\p{L}\p{N}]/u.test(set.text);
      const previous = runs.at(-1);
      if (leftToRight && joinable && previous) previous.text += ` ${set.text}`;
      else runs.push({ ...set, width: 0 });
      joinable = leftToRight;
    }
    const fontOf = (run: Run) => faceOf(run.face, style.bold);
    for (const run of runs) run.width = doc.font(fontOf(run)).widthOfString(run.text);
    const space = doc.font(faceOf('latin', style.bold)).widthOfString(' ');
    const lines: Run[][] = [[]];
    let used = 0;
    for (const run of runs) {
      const line = lines.at(-1)!;
      if (line.length && used + space + run.width > column) {
        lines.push([run]);
        used = run.width;
      } else {
        used += (line.length ? space : 0) + run.width;
        line.push(run);
      }
    }
    let top = doc.y;
    for (const line of lines) {
      const lineWidth = line.reduce((sum, run) => sum + run.width, 0) + space * (line.length - 1);
      let right = rightToLeftPage ? width - margin : margin + lineWidth;
      for (const run of line) {
        doc.font(fontOf(run)).text(run.text, right - run.width, top, {
          lineBreak: false,
          ...(style.link ? { link: style.link, underline: true } : {}),
        });
        right -= run.width + space;
      }
      top += doc.currentLineHeight(true);
    }
    doc.y = top;
  };

  /** A labelled detail: the label small and muted, the value under it. */
  const detail = (label: string, value: string | undefined, style: Partial<Style> = {}) => {
    if (!value) return;
    write(label, { size: 7, colour: COLOURS.muted, gap: 0 });
    write(value, { size: 9.5, gap: 5, ...style });
  };

  const when = ticket.timeslot
    ? format.parts([format.longDate(ticket.timeslot.start), `${format.time(ticket.timeslot.start)}–${format.time(ticket.timeslot.end)}`])
    : ticket.eventDates
      ? format.dateRange(ticket.eventDates.start, ticket.eventDates.end)
      : undefined;

  doc.y = 16;
  write('NABD', { size: 10, bold: true, colour: COLOURS.accent, gap: 5 });
  write(ticket.eventName[locale], { size: 15, bold: true, gap: 0 });
  write(ticket.eventName[other(locale)], { size: 9, colour: COLOURS.muted, gap: 4 });
  write(ticket.ticketName[locale], { size: 11, colour: COLOURS.accent, gap: 0 });
  write(ticket.ticketName[other(locale)], { size: 8, colour: COLOURS.muted, gap: 7 });
  detail(t('ticketPdf.date'), when);
  if (ticket.gatesOpen) detail(t('ticketPdf.gatesOpen'), t('ticketPdf.gatesOpenAt', { time: ticket.gatesOpen }));
  if (ticket.venue) {
    detail(t('ticketPdf.venue'), ticket.venue.name[locale], { gap: 0 });
    if (ticket.venue.address) write(ticket.venue.address[locale], { size: 8, colour: COLOURS.muted, gap: 1 });
    if (ticket.venue.mapUrl) write(t('ticketPdf.map'), { size: 8, colour: COLOURS.accent, link: ticket.venue.mapUrl, gap: 5 });
    else doc.y += 4;
  }
  if (ticket.holder) detail(t('ticketPdf.holder'), `${ticket.holder.firstName} ${ticket.holder.lastName}`, { bold: true });
  else if (ticket.buyer) detail(t('ticketPdf.buyer'), `${ticket.buyer.firstName} ${ticket.buyer.lastName}`, { bold: true });
  write(t('ticketPdf.order', { orderId: ticket.orderId, serial: ticket.serial, count: ticket.ticketCount }), {
    size: 8,
    colour: COLOURS.muted,
  });

  // The code takes the room the details leave, 120 pt at most and 84 pt (about 3 cm) at least: the
  // ticket stays on one page, however long a venue's address.
  const modules = qrModules(ticket.reference);
  const quiet = 4;
  const footer = 22;
  const side = Math.max(84, Math.min(120, height - footer - 8 - (doc.y + 6)));
  const unit = side / (modules.size + 2 * quiet);
  const left = (width - side) / 2;
  const top = height - footer - 8 - side;
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
    .text(ticket.ticketId, margin, height - footer, { width: column, align: 'center', lineBreak: false, height: 10 });

  doc.end();
  return finished;
}
