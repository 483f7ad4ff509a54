import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { checkDownloadSignature, signedDownloadUrl, signTicketReference, verifyTicketReference } from './ticket-links.ts';
import { qrModules, renderTicketPdf, typesetting } from './ticket-pdf.ts';

const SECRET = 'a-commerce-secret-for-tests-only-0123456789';
const TICKET_ID = '3f0c8a8e-8c1d-4d55-9a55-2b7f0f1d2c3a';
const NOW = new Date('2026-11-21T12:00:00Z');

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

/** Draws the modules as pixels, the way a scanner sees the printed code, and reads it back. */
function decodeQr(reference: string): string | undefined {
  const modules = qrModules(reference);
  const scale = 6;
  const quiet = 4;
  const side = (modules.size + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / scale) - quiet;
      const column = Math.floor(x / scale) - quiet;
      const dark = row >= 0 && column >= 0 && row < modules.size && column < modules.size && modules.isDark(row, column);
      if (dark) pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return jsQR(pixels, side, side)?.data;
}

describe('signed ticket references', () => {
  it('verify for the ticket they were made for', () => {
    const reference = signTicketReference(SECRET, TICKET_ID);
    expect(reference.startsWith(`${TICKET_ID}.`)).toBe(true);
    expect(verifyTicketReference(SECRET, reference)).toBe(TICKET_ID);
  });

  it('refuse a changed id, a changed signature, another key and garbage', () => {
    const reference = signTicketReference(SECRET, TICKET_ID);
    const otherId = '3f0c8a8e-8c1d-4d55-9a55-2b7f0f1d2c3b';
    expect(verifyTicketReference(SECRET, `${otherId}${reference.slice(TICKET_ID.length)}`)).toBeUndefined();
    expect(verifyTicketReference(SECRET, `${reference.slice(0, -1)}${reference.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(verifyTicketReference('another-secret-of-enough-length-0123456789', reference)).toBeUndefined();
    expect(verifyTicketReference(SECRET, 'not a reference')).toBeUndefined();
    expect(verifyTicketReference(SECRET, '')).toBeUndefined();
  });
});

describe('signed download links', () => {
  const url = new URL(signedDownloadUrl({ secret: SECRET, baseUrl: 'https://nabd.example/', ticketId: TICKET_ID, now: NOW }));
  const check = (now: Date, changes: { expires?: string; signature?: string; ticketId?: string } = {}) =>
    checkDownloadSignature({
      secret: SECRET,
      ticketId: changes.ticketId ?? TICKET_ID,
      expires: changes.expires ?? url.searchParams.get('expires'),
      signature: changes.signature ?? url.searchParams.get('signature'),
      now,
    });

  it('are absolute links to the PDF route, valid for 3600 s (SPEC 9.3)', () => {
    expect(url.origin + url.pathname).toBe(`https://nabd.example/commerce/tickets/${TICKET_ID}.pdf`);
    expect(Number(url.searchParams.get('expires'))).toBe(NOW.getTime() / 1000 + 3600);
    expect(check(NOW)).toBe('valid');
    expect(check(new Date(NOW.getTime() + 3599_000))).toBe('valid');
    expect(check(new Date(NOW.getTime() + 3600_000))).toBe('expired');
  });

  it('refuse a later expiry, another ticket, or a changed signature', () => {
    expect(check(NOW, { expires: String(Number(url.searchParams.get('expires')) + 3600) })).toBe('invalid');
    expect(check(NOW, { ticketId: '3f0c8a8e-8c1d-4d55-9a55-2b7f0f1d2c3b' })).toBe('invalid');
    expect(check(NOW, { signature: 'x' + url.searchParams.get('signature')!.slice(1) })).toBe('invalid');
    expect(check(NOW, { expires: '1e12' })).toBe('invalid');
  });
});

describe('ticket PDFs', () => {
  const reference = signTicketReference(SECRET, TICKET_ID);
  const ticket = {
    ticketId: TICKET_ID,
    reference,
    orderId: 'NBD-7K2M9QX4',
    locale: 'en' as const,
    serial: 2,
    ticketCount: 3,
    eventName: { en: 'Nabd Festival 2026', ar: 'مهرجان نبض 2026' },
    ticketName: { en: 'General admission', ar: 'دخول عام' },
    eventDates: { start: new Date('2026-12-10T12:00:00Z'), end: new Date('2026-12-12T20:59:00Z') },
    gatesOpen: '15:00',
    venue: {
      name: { en: 'Banban Grounds', ar: 'ساحات بنبان' },
      address: {
        en: 'Banban, off the Al-Qassim Road, 35 km north of central Riyadh',
        ar: 'بنبان، قرب طريق القصيم، على بعد 35 كم شمال وسط الرياض',
      },
      mapUrl: 'https://maps.example/?q=25.0071,46.5983',
    },
    holder: { firstName: 'Layla', lastName: 'Haddad' },
    createdAt: NOW,
  };
  const squeezed = (text: string) => text.replace(/\s+/g, '');

  it('of an English order say the event, ticket, dates, gates, venue, holder and order in English, the names in Arabic too', async () => {
    const bytes = await renderTicketPdf(ticket);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      'Nabd Festival 2026',
      'General admission',
      'Date',
      '10 – 12 Dec 2026', // the face has no thin space: a plain one stands in
      'Gates open',
      '15:00 each day, Riyadh time',
      'Banban Grounds',
      '35 km north of central Riyadh',
      'Map',
      'Ticket holder',
      'Layla Haddad',
      'Order NBD-7K2M9QX4 · Ticket 2 of 3',
      TICKET_ID,
    ]) {
      expect(text).toContain(expected);
    }
    // The Arabic names are shaped (joined letter forms), so the text layer holds them, not boxes.
    expect(squeezed(text)).toMatch(/نبض/);
    expect(text).toMatch(/عام/);
    expect(bytes.toString('latin1')).toContain('https://maps.example/?q=25.0071,46.5983');
  });

  it('of an Arabic order say all of it in Arabic, with the holder, order number and digits as written', async () => {
    const text = squeezed(await pdfText(await renderTicketPdf({ ...ticket, locale: 'ar' })));
    for (const expected of [
      'مهرجاننبض',
      'التاريخ',
      'فتحالبوابات',
      '15:00',
      'بتوقيتالرياض',
      'المكان',
      'ساحاتبنبان',
      'طريقالقصيم',
      'الخريطة',
      'حاملالتذكرة',
      'LaylaHaddad',
      'NBD-7K2M9QX4',
    ]) {
      expect(text).toContain(expected);
    }
    // pdf.js reads a shaped ligature's letters (ب and ر of ديسمبر) back in reverse; the glyphs are right.
    expect(text).toMatch(/10–12ديسم(بر|رب)2026/);
    expect(text).not.toContain('Gates');
    // The English name comes second, for staff who read only English.
    expect(text).toContain('NabdFestival2026');
  });

  it("of a timed ticket say its day and hours rather than the event's dates", async () => {
    const timed = { ...ticket, timeslot: { start: new Date('2026-12-10T16:00:00Z'), end: new Date('2026-12-10T20:00:00Z') } };
    expect(await pdfText(await renderTicketPdf(timed))).toContain('Thursday, 10 December 2026, 19:00–23:00');
  });

  it('of a ticket with no holder named yet name its buyer', async () => {
    const text = await pdfText(await renderTicketPdf({ ...ticket, holder: undefined, buyer: { firstName: 'Omar', lastName: 'Saleh' } }));
    expect(text).toContain('Bought by');
    expect(text).toContain('Omar Saleh');
    expect(text).not.toContain('Ticket holder');
  });

  it('keep to one page with every detail and a long venue', async () => {
    const long = {
      ...ticket,
      locale: 'ar' as const,
      venue: { ...ticket.venue, address: { en: 'x', ar: ticket.venue.address.ar.repeat(2) } },
    };
    const pdf = await getDocument({ data: new Uint8Array(await renderTicketPdf(long)), isEvalSupported: false }).promise;
    expect(pdf.numPages).toBe(1);
  });

  it('carry a QR code that decodes to the signed reference', () => {
    const decoded = decodeQr(reference);
    expect(decoded).toBe(reference);
    expect(verifyTicketReference(SECRET, decoded!)).toBe(TICKET_ID);
  });

  it('never draw text a face has no glyphs for', () => {
    expect(typesetting('مهرجان نبض')).toEqual({ face: 'arabic', text: 'مهرجان نبض' });
    // The Arabic face has no em dash: such a line is left out rather than drawn with a box.
    expect(typesetting('نبض — ليالي')).toBeUndefined();
    expect(typesetting('Zoë 名前')).toEqual({ face: 'latin', text: 'Zoë' });
    expect(typesetting('   ')).toBeUndefined();
  });
});
