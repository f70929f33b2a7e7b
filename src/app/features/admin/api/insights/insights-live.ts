import { INSIGHTS_TOPIC } from '../../../../../common/insights-schemas';
import type { SseMessage } from '../../../../lib/live/backoff';
import { openStaffStream } from '../staff-stream';

/** Whether a message of the stream says page views were just counted (or the stream restarted). */
export function isInsightsNotice(message: SseMessage): boolean {
  if (message.event === 'reset') return true;
  if (message.event !== 'change') return false;
  try {
    return (JSON.parse(message.data) as { topic?: unknown }).topic === INSIGHTS_TOPIC;
  } catch {
    return false;
  }
}

/** Calls `onCounted` whenever page views were just counted, until the returned function is called. */
export function followInsights(onCounted: () => void): () => void {
  return openStaffStream(INSIGHTS_TOPIC, (message) => {
    if (isInsightsNotice(message)) onCounted();
  });
}
