import type { RecordingView } from '@schemas/recording';
import { Badge } from '@/components/ui/badge';

/** The library's badges: 'Free', 'Unlocked' (a premium recording the package opens) or 'Premium'. */
export function RecordingBadge({ recording }: { recording: Pick<RecordingView, 'isFree' | 'access'> }) {
  if (recording.isFree) return <Badge tone="sage">Free</Badge>;
  return recording.access === 'unlocked' ? <Badge tone="success">Unlocked</Badge> : <Badge tone="clay">Premium</Badge>;
}
