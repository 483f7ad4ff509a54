/** The contact channels of SPEC 3.2 and how a visitor reaches each. */

export const CONTACT_CHANNELS = ['email', 'phone', 'whatsapp', 'messenger', 'twitter', 'linkedin', 'website'] as const;

export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export type ContactChannels = Partial<Record<ContactChannel, string | null>>;

export interface ChannelLink {
  channel: ContactChannel;
  href: string;
  /** What the visitor reads: the address or number as written, a web address without its scheme. */
  display: string;
  /** Numbers and addresses read left to right in Arabic text too. */
  isolate: boolean;
}

const EMAIL = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/;
/** An international number (SPEC 5: +966...), with the spaces, dots, dashes and brackets people write. */
const PHONE = /^\+?[\d\s().-]{6,}$/;
const WEB = /^https?:\/\//i;

/** The link of one channel, or undefined when its value cannot be reached (never a `javascript:` URL). */
export function channelLink(channel: ContactChannel, value: string | null | undefined): ChannelLink | undefined {
  const written = value?.trim();
  if (!written) return undefined;
  switch (channel) {
    case 'email':
      return EMAIL.test(written) ? { channel, href: `mailto:${written}`, display: written, isolate: true } : undefined;
    case 'phone': {
      if (!PHONE.test(written)) return undefined;
      const digits = written.replace(/\D/g, '');
      return { channel, href: `tel:${written.startsWith('+') ? '+' : ''}${digits}`, display: written, isolate: true };
    }
    // WhatsApp's click-to-chat link takes the full international number, digits only.
    case 'whatsapp':
      return PHONE.test(written)
        ? { channel, href: `https://wa.me/${written.replace(/\D/g, '')}`, display: written, isolate: true }
        : undefined;
    default:
      if (!WEB.test(written) || !URL.canParse(written)) return undefined;
      return { channel, href: written, display: written.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, ''), isolate: true };
  }
}

/** Every channel the content gives, in the order the page lists them. */
export const channelLinks = (channels: ContactChannels): ChannelLink[] =>
  CONTACT_CHANNELS.map((channel) => channelLink(channel, channels[channel])).filter((link): link is ChannelLink => Boolean(link));
