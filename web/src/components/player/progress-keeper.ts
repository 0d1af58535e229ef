import { devicePlace, hearPlace } from './device-places';
import { positionToSave, progressDue, type ResumePoint as Resume, resumePlace } from './listening';
import { putProgress, queuePlace, sendQueuedPlaces } from './progress-queue';

/**
 * Saves where the listener stopped in a recording whose place is kept
 * (QueueTrack.resume): PUT /crud/my-library/progress/{skuId}, throttled while
 * it plays, at once on pause, track change, end and page hide. It also keeps
 * the last position of each recording for as long as the page lives, so
 * playing a recording again on this page resumes where it stopped even when
 * the page's data (the position the server gave with it) is older.
 * A place that cannot be sent (offline: a kept album, issue 32 item 3) waits
 * in the progress queue and goes when the network returns.
 */
export class ProgressKeeper {
  /** skuId → the latest position heard on this page. */
  private readonly positions = new Map<number, number>();
  /** skuId → the position last sent, so the same place is not saved twice (pause and then end, say). */
  private readonly sent = new Map<number, number>();
  /** skuId → the server's place this page last started it at, until a moment of it is heard (tick). */
  private readonly startedAt = new Map<number, number>();
  /** When the playing recording's position was last saved, or it started playing. */
  private lastSaveMs = 0;

  constructor() {
    window.addEventListener('online', () => void sendQueuedPlaces());
    if (navigator.onLine) void sendQueuedPlaces();
  }

  /**
   * Where `resume`'s recording starts: its place on this page, else the later
   * of the one the page's data carried and the one this device heard last
   * (a reload, the app opened offline).
   */
  startOf(resume: Resume): number {
    const here = this.positions.get(resume.skuId);
    const heardHere = devicePlace(resume.skuId);
    const start = here ?? resumePlace(resume, heardHere);
    // Started at the server's own place (the page's data): stopping there before hearing any of it saves nothing.
    // A place from this device may not have reached the server yet: that one is saved again, also when the queue
    // kept on the device (no server time: heardAt undefined) carries it, as after a reload offline.
    const queuedHere = resume.heardAt === undefined && heardHere?.position === start;
    if (here === undefined && start === resume.positionSeconds && !queuedHere) {
      this.startedAt.set(resume.skuId, positionToSave(start));
    } else this.startedAt.delete(resume.skuId);
    return start;
  }

  /** Playback starts: the periodic saves count from now. */
  playing() {
    this.lastSaveMs = Date.now();
  }

  /** A moment of playback: remembered, and saved when a save is due. */
  tick(resume: Resume, seconds: number) {
    this.positions.set(resume.skuId, seconds);
    this.startedAt.delete(resume.skuId);
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
    // Started and stopped before a moment of it was heard (play, then pause, on a page loaded before another device
    // went further): nothing was heard here, and saving it now would put the family's place back.
    if (this.sent.get(resume.skuId) === position || this.startedAt.get(resume.skuId) === position) return;
    this.sent.set(resume.skuId, position);
    const heardAt = new Date();
    hearPlace(resume.skuId, position, heardAt.getTime());
    // Offline, the place waits at once: a page going away would not wait for a fetch to fail.
    if (!navigator.onLine) {
      void queuePlace(resume.skuId, position, heardAt);
      return;
    }
    void putProgress(resume.skuId, position, { keepalive: leaving }).then((result) => {
      if (result === 'retry') void queuePlace(resume.skuId, position, heardAt);
      // Not saved: the same place is sent again the next time it is asked for.
      if (result !== 'saved' && this.sent.get(resume.skuId) === position) this.sent.delete(resume.skuId);
    });
  }
}
