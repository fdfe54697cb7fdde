import type { Viewer } from '../../server/kernel/viewer.ts';

export function Avatar({ viewer }: { viewer: Viewer }) {
  const initials = `${viewer.firstName.charAt(0)}${viewer.lastName.charAt(0)}`.toUpperCase();
  return (
    <span className="flex h-10 w-10 items-center justify-center rounded-full bg-purple font-semibold text-white">
      {initials}
    </span>
  );
}
