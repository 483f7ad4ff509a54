import type { ReactNode } from 'react';
import type { Asset } from '../../content.ts';
import type { EventNavigationContent } from '../../components/EventNavigation.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { useSite } from '../../site-context.tsx';
import { ProgrammeFrame, sessionAnchor, type Edition, type ProgrammeSection } from './ProgrammeFrame.tsx';

/** A session someone takes part in, linked to its card on the programme page. */
export interface ProfileSession {
  id: string;
  name: string;
  startDatetime: string;
  endDatetime: string;
}

interface ProfileData<Person> {
  navigation: EventNavigationContent;
  people: (Person & { sessions: ProfileSession[] })[];
  /** The programme page the sessions are on. */
  programmeHref: string;
}

export interface SpeakerContent {
  id: string;
  slug: string;
  name: string;
  role?: string | null;
  bio?: string | null;
  photo?: Asset | null;
  brand?: { name: string } | null;
}

export interface BrandContent {
  id: string;
  slug: string;
  name: string;
  description?: string | null;
  logo?: Asset | null;
  url?: string | null;
}

export interface ArtistContent {
  id: string;
  slug: string;
  name: string;
  cover?: Asset | null;
}

export type SpeakersPageData = ProfileData<SpeakerContent>;
export type BrandsPageData = ProfileData<BrandContent>;
export type ArtistsPageData = ProfileData<ArtistContent>;

/** The speaker's role and brand, the brand once when the role already names it. */
function roleLine({ role, brand }: SpeakerContent): string {
  if (!brand) return role ?? '';
  if (!role) return brand.name;
  return role.includes(brand.name) ? role : `${role} · ${brand.name}`;
}

function ProfileSessions({ sessions, programmeHref, label }: { sessions: ProfileSession[]; programmeHref: string; label: string }) {
  const { format } = useSite();
  if (!sessions.length) return null;
  return (
    <div className="profile-card__sessions">
      <h3 className="profile-card__sessions-title">{label}</h3>
      <ul className="profile-card__session-list">
        {sessions.map((session) => (
          <li key={session.id}>
            <a className="profile-card__session" href={`${programmeHref}#${sessionAnchor(session.id)}`}>
              <span className="profile-card__session-name">{session.name}</span>
              <span className="profile-card__session-time">
                <Icon name="clock" />
                <time dateTime={session.startDatetime}>{format.dateTime(session.startDatetime)}</time>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProfileGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <>
      <h2 className="visually-hidden">{label}</h2>
      <ul className="profile-grid">{children}</ul>
    </>
  );
}

function ProfilesPage<Person extends { id: string; slug: string }>({
  data,
  edition,
  section,
  anchor,
  renderPerson,
}: {
  data: ProfileData<Person>;
  edition: Edition;
  section: ProgrammeSection;
  anchor: string;
  renderPerson: (person: Person & { sessions: ProfileSession[] }) => ReactNode;
}) {
  const { t } = useSite();
  return (
    <ProgrammeFrame navigation={data.navigation} edition={edition} current={section}>
      <ProfileGrid label={t(`programme:nav.${section}`)}>
        {data.people.map((person) => (
          <li className={`profile-card profile-card--${section}`} id={`${anchor}-${person.slug}`} key={person.id}>
            {renderPerson(person)}
          </li>
        ))}
      </ProfileGrid>
    </ProgrammeFrame>
  );
}

/** SPEC 2.1 .../program/day/speakers: who speaks, what they do, and their sessions. */
export function SpeakersPage({ data }: { data: SpeakersPageData }) {
  const { t } = useSite();
  return (
    <ProfilesPage
      data={data}
      edition="day"
      section="speakers"
      anchor="speaker"
      renderPerson={(speaker) => (
        <>
          {speaker.photo ? (
            <ResponsiveImage className="profile-card__photo" asset={speaker.photo} alt="" sizes="(min-width: 64rem) 8rem, 6rem" />
          ) : null}
          <div className="profile-card__body">
            <h3 className="profile-card__name">{speaker.name}</h3>
            {speaker.role || speaker.brand ? <p className="profile-card__role">{roleLine(speaker)}</p> : null}
            {speaker.bio ? <p className="profile-card__text">{speaker.bio}</p> : null}
            <ProfileSessions
              sessions={speaker.sessions}
              programmeHref={data.programmeHref}
              label={t('programme:day.sessionsOf', { name: speaker.name })}
            />
          </div>
        </>
      )}
    />
  );
}

/** SPEC 2.1 .../program/day/brands: the brands taking part and the sessions they bring. */
export function BrandsPage({ data }: { data: BrandsPageData }) {
  const { t } = useSite();
  return (
    <ProfilesPage
      data={data}
      edition="day"
      section="brands"
      anchor="brand"
      renderPerson={(brand) => (
        <>
          {brand.logo ? (
            <div className="profile-card__logo">
              <img src={brand.logo.url} alt="" width={brand.logo.width ?? 160} height={brand.logo.height ?? 80} loading="lazy" />
            </div>
          ) : null}
          <div className="profile-card__body">
            <h3 className="profile-card__name">{brand.name}</h3>
            {brand.description ? <p className="profile-card__text">{brand.description}</p> : null}
            <ProfileSessions
              sessions={brand.sessions}
              programmeHref={data.programmeHref}
              label={t('programme:day.sessionsOf', { name: brand.name })}
            />
            {brand.url ? (
              <SmartLink className="profile-card__website" href={brand.url}>
                <Icon name="external" />
                {t('programme:day.website', { brand: brand.name })}
              </SmartLink>
            ) : null}
          </div>
        </>
      )}
    />
  );
}

/** SPEC 2.1 .../program/nite/artists: the night programme's artists and their sets. */
export function ArtistsPage({ data }: { data: ArtistsPageData }) {
  const { t } = useSite();
  return (
    <ProfilesPage
      data={data}
      edition="nite"
      section="artists"
      anchor="artist"
      renderPerson={(artist) => (
        <>
          {artist.cover ? (
            <ResponsiveImage
              className="profile-card__cover"
              asset={artist.cover}
              alt=""
              sizes="(min-width: 64rem) 30vw, (min-width: 40rem) 50vw, 100vw"
            />
          ) : null}
          <div className="profile-card__body">
            <h3 className="profile-card__name">{artist.name}</h3>
            <ProfileSessions
              sessions={artist.sessions}
              programmeHref={data.programmeHref}
              label={t('programme:nite.setsOf', { name: artist.name })}
            />
          </div>
        </>
      )}
    />
  );
}
