import { ContactPage, type ContactPageContent } from '#views/pages/about/ContactPage.tsx';
import { blockPage, blockPageQuery } from './block-page.ts';

/** SPEC 3.2: a contact page adds its address and channels to the page fields. */
const CONTACT_FIELDS = `
  ... on ContactPage {
    address {
      street
      district
      city
      postalCode
      country
    }
    channels {
      email
      linkedin
      messenger
      phone
      twitter
      website
      whatsapp
    }
  }
`;

/** SPEC 2.1 /contact: the address and every channel (SPEC 3.2), with Organization data for search engines. */
export default blockPage({
  query: blockPageQuery<ContactPageContent>('contactPage', CONTACT_FIELDS),
  underAbout: true,
  View: ContactPage,
});
