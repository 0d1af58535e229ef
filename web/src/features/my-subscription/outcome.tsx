/** What a change on My subscription did, said where it was made: an alert when it failed, a status otherwise. */
export interface Outcome {
  text: string;
  failed: boolean;
}

export function OutcomeLine({ outcome }: { outcome: Outcome | undefined }) {
  return outcome?.failed ? (
    <p className="form-status form-status--error" role="alert">
      {outcome.text}
    </p>
  ) : (
    <p className="form-status form-status--success" role="status">
      {outcome?.text}
    </p>
  );
}
