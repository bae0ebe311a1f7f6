import { useEffect, useRef } from 'react';
import type { AnnouncerDashboard } from '@shared/api/schemas/dashboards';
import { messages } from '@shared/messages';
import { playSuccessSound } from '@web/lib/sounds';
import { toast } from '@web/lib/toast';
import { thresholdMet } from '../figures';

/** Spec section 9: the threshold toast shows for 5 seconds. */
export const THRESHOLD_TOAST_MS = 5000;

/**
 * Spec section 4: a success toast 'Threshold met for {promotion}! You can now
 * conduct the draw.' appears once per promotion when its daily count reaches
 * the threshold (once per visit of the dashboard).
 */
export function useThresholdToast(dashboard: AnnouncerDashboard | undefined): void {
  const announced = useRef(new Set<string>());
  useEffect(() => {
    if (!dashboard) return;
    for (const promotion of dashboard.Promotions) {
      if (announced.current.has(promotion.assignment_id) || !thresholdMet(promotion)) continue;
      announced.current.add(promotion.assignment_id);
      playSuccessSound();
      toast.success(messages.draw.thresholdMet(promotion.promotion_title), {
        id: `threshold-met-${promotion.assignment_id}`,
        duration: THRESHOLD_TOAST_MS,
      });
    }
  }, [dashboard]);
}
