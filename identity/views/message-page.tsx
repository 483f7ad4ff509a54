export interface MessagePageProps {
  title: string;
  text: string;
  link: { href: string; label: string };
  /** A reference for support, e.g. an OAuth error code; never a stack trace. */
  detail?: string | undefined;
}

/** A page that explains one situation (expired sign-in, signed out, error) and offers the way on. */
export function MessagePage({ title, text, link, detail }: MessagePageProps) {
  return (
    <>
      <h1>{title}</h1>
      <p>{text}</p>
      {detail ? (
        <p>
          <small>{detail}</small>
        </p>
      ) : null}
      <p>
        <a className="button button--primary" href={link.href}>
          {link.label}
        </a>
      </p>
    </>
  );
}
