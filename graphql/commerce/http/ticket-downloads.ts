import express, { type Router } from 'express';
import type { CommerceParts } from '../context.ts';
import { issuedTicketPdf } from '../issued-tickets.ts';
import { checkDownloadSignature } from '../ticket-links.ts';

const TICKET_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/;

/**
 * GET /commerce/tickets/<ticketId>.pdf?expires=…&signature=… (SPEC 9.3): the signature is the
 * permission, so the link works from an e-mail in any browser for an hour. A bad or expired
 * signature is 403 before anything is looked up; a signed link to a ticket that is gone is 404.
 * The texts are short and language-neutral (the link may be opened anywhere): both languages.
 */
export function ticketDownloadsRouter(parts: CommerceParts): Router {
  const router = express.Router();
  router.get('/tickets/:file', async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    const match = TICKET_FILE.exec(req.params.file);
    if (!match) {
      res.status(404).type('text/plain').send('Ticket not found. / التذكرة غير موجودة.');
      return;
    }
    const ticketId = match[1]!;
    const now = parts.clock();
    const check = checkDownloadSignature({
      secret: parts.secret,
      ticketId,
      expires: req.query.expires,
      signature: req.query.signature,
      now,
    });
    if (check !== 'valid') {
      const text =
        check === 'expired'
          ? 'This download link has expired: open your order again for a fresh one. / انتهت صلاحية رابط التنزيل: افتح طلبك مجددًا للحصول على رابط جديد.'
          : 'This download link is not valid. / رابط التنزيل غير صالح.';
      res.status(403).type('text/plain').send(text);
      return;
    }
    const pdf = await issuedTicketPdf(parts.db, parts.secret, ticketId, now);
    if (!pdf) {
      res.status(404).type('text/plain').send('Ticket not found. / التذكرة غير موجودة.');
      return;
    }
    res
      .status(200)
      .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="nabd-ticket-${ticketId}.pdf"` })
      .send(pdf);
  });
  return router;
}
