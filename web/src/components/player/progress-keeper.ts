import { libraryPaths } from '@storyhouse/contracts';
import { positionToSave, progressDue, type ResumePoint as Resume } from './listening';

/**
 * Saves where the listener stopped in a recording whose place is kept
 * (QueueTrack.resume): PUT /crud/my-library/progress/{skuId}, throttled while
 * it plays, at once on pause, track change, end and page hide. It also keeps
 * the last position of each recording for as long as the page lives, so
 * playing a recording again on this page resumes where it stopped even when
 * the page's data (the position the server gave with it) is older.
 */
export class ProgressKeeper {
  /** skuId → the latest position heard on this page. */
  private readonly positions = new Map<number, number>();
  /** skuId → the position last sent, so the same place is not saved twice (pause and then end, say). */
  private readonly sent = new Map<number, number>();
  /** When the playing recording's position was last saved, or it started playing. */
  private lastSaveMs = 0;

  /** Where `resume`'s recording starts: its place on this page, else the one the page's data carried. */
  startOf(resume: Resume): number {
    return this.positions.get(resume.skuId) ?? resume.positionSeconds;
  }

  /** Playback starts: the periodic saves count from now. */
  playing() {
    this.lastSaveMs = Date.now();
  }

  /** A moment of playback: remembered, and saved when a save is due. */
  tick(resume: Resume, seconds: number) {
    this.positions.set(resume.skuId, seconds);
    if (progressDue(this.lastSaveMs, Date.now())) this.save(resume, seconds);
  }

  /**
   * Saves now (pause, track change, end). `leaving`: the page is going away,
   * the request must outlive it (fetch keepalive; sendBeacon can only POST).
   */
  save(resume: Resume, seconds: number, leaving = false) {
    this.positions.set(resume.skuId, seconds);
    this.lastSaveMs = Date.now();
    const position = positionToSave(seconds);
    if (this.sent.get(resume.skuId) === position) return;
    this.sent.set(resume.skuId, position);
    void putProgress(resume.skuId, position, leaving).then((saved) => {
      // Not saved (offline, say): the same place is sent again the next time it is asked for.
      if (!saved && this.sent.get(resume.skuId) === position) this.sent.delete(resume.skuId);
    });
  }
}

/**
 * A direct fetch rather than lib/api-client's `api`: it must be able to
 * outlive the page (keepalive), and a refusal must stay silent. `api` would
 * send a listener whose session ended to the login page in the middle of a
 * story; here a failed save only costs the saved place, so it is logged, not
 * shown. The browser adds the Origin header the server's same-origin check
 * (server/src/plugins/security.ts) reads.
 */
async function putProgress(skuId: number, position: number, keepalive: boolean): Promise<boolean> {
  try {
    const response = await fetch(libraryPaths.progress(skuId), {
      method: 'PUT',
      credentials: 'same-origin',
      keepalive,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ position_seconds: position }),
    });
    if (response.ok) return true;
    console.info(`The listening position of ${skuId} was not saved (${response.status}).`);
  } catch {
    console.info(`The listening position of ${skuId} was not saved (offline?).`);
  }
  return false;
}
