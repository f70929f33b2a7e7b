/** What the last console action did: a failure said at once (alert), a success politely (status). */
export function ActionStatus({ error, notice }: { error: string | null; notice: string | null }) {
  return (
    <>
      <div role="alert" className="manage-error">
        {error}
      </div>
      <div role="status" className="manage-notice">
        {notice}
      </div>
    </>
  );
}
