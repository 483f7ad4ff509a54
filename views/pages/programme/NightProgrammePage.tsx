import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { useSite } from '../../site-context.tsx';
import { ProgrammeDays, ProgrammeTabs, SessionWhen, type ProgrammeListData } from './DayProgrammePage.tsx';
import { ProgrammeFrame, sessionAnchor, type NightProgramContent } from './ProgrammeFrame.tsx';

export type NightProgrammePageData = ProgrammeListData<NightProgramContent>;

function NightSetCard({ set, artistsHref }: { set: NightProgramContent; artistsHref: string }) {
  const { t } = useSite();
  const cover = set.artists.find((artist) => artist.cover)?.cover;
  return (
    <li className="session-card session-card--night" id={sessionAnchor(set.id)}>
      {cover ? (
        <ResponsiveImage
          className="session-card__cover"
          asset={cover}
          alt=""
          sizes="(min-width: 80rem) 30vw, (min-width: 40rem) 50vw, 100vw"
        />
      ) : null}
      <div className="session-card__body">
        {set.category || set.genre ? (
          <p className="session-card__kind">
            {set.category ? (
              <span className="session-card__format">{t(`programme:category.${set.category}`, { defaultValue: set.category })}</span>
            ) : null}
            {set.genre ? (
              <span className="session-card__badge">{t(`programme:genre.${set.genre}`, { defaultValue: set.genre })}</span>
            ) : null}
          </p>
        ) : null}
        <h3 className="session-card__title">{set.name}</h3>
        <SessionWhen session={set} />
        {set.description ? <p className="session-card__description">{set.description}</p> : null}
        {set.artists.length ? (
          <ul className="session-card__people" aria-label={t('programme:nite.artistsOf', { set: set.name })}>
            {set.artists.map((artist) => (
              <li key={artist.id}>
                <a className="session-person" href={`${artistsHref}#artist-${artist.slug}`}>
                  <span className="session-person__name">{artist.name}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/** SPEC 2.1 /events/{slug}/program/nite and /program/nite/{tab}: the sets by night, a category per tab. */
export function NightProgrammePage({ data }: { data: NightProgrammePageData }) {
  const { t } = useSite();
  return (
    <ProgrammeFrame navigation={data.navigation} edition="nite" current="programme">
      <ProgrammeTabs tabs={data.tabs} current={data.tab} label={t('programme:nite.tabs')} />
      <ProgrammeDays days={data.days} renderSession={(set) => <NightSetCard key={set.id} set={set} artistsHref={data.peopleHref} />} />
    </ProgrammeFrame>
  );
}
