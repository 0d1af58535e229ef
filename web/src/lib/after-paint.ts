/**
 * Runs `task` in a task of its own after the browser's next frame (its
 * style, layout and paint of what the page holds now), so that work split in
 * parts never piles into one long task with the frame's own work (a long
 * task is 50 ms: issue 43's bench). A hidden page draws no frames: there a
 * timer stands in for the frame (a page hidden while waiting goes on once it
 * is shown again). Returns a function that cancels the task if it has not run.
 */
export function afterNextPaint(task: () => void): () => void {
  let cancelled = false;
  const queue = () => {
    // After the frame's rendering: a message to ourselves is a new task, queued behind the frame's own.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      if (!cancelled) task();
    };
    channel.port2.postMessage(null);
  };
  const frame = document.hidden ? 0 : requestAnimationFrame(queue);
  const timer = document.hidden ? setTimeout(queue, 0) : undefined;
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
