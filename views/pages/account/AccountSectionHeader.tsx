/** The heading every account section opens with. */
export function AccountSectionHeader({ title, lead }: { title: string; lead?: string }) {
  return (
    <header className="account-section__header">
      <h1 className="account-section__title">{title}</h1>
      {lead ? <p className="account-section__lead">{lead}</p> : null}
    </header>
  );
}
