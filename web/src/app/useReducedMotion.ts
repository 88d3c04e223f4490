import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};
const current = () => window.matchMedia(QUERY).matches;

/**
 * Whether the person has asked their system for less motion (WCAG 2.3.3): the app then draws antd's menus, dialogs,
 * messages and tabs without their animations. It follows the setting while the page is open.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
