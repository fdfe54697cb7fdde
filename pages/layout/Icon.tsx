import type { MenuIcon } from './menus.ts';

const PATHS: Record<MenuIcon, string> = {
  search:
    'M11 4a7 7 0 1 0 4.2 12.6l4.1 4.1 1.4-1.4-4.1-4.1A7 7 0 0 0 11 4Zm0 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Z',
  star: 'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z',
  home: 'M12 3 3 10.5V21h6.5v-6h5v6H21V10.5L12 3Z',
  calendar:
    'M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 8h14v10H5V10Z',
  company:
    'M3 21V9l6-3v3l6-3v3l6-3v15H3Zm4-8v2h2v-2H7Zm4 0v2h2v-2h-2Zm4 0v2h2v-2h-2Zm-8 4v2h2v-2H7Zm4 0v2h2v-2h-2Zm4 0v2h2v-2h-2Z',
  groups:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm7.5 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM2 19.5C2 16 5 14 9 14s7 2 7 5.5V21H2v-1.5Zm15.5 1.5v-1.5c0-1.8-.7-3.3-1.9-4.4 3.4.1 6.4 1.6 6.4 4.4V21h-4.5Z',
  slots:
    'M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 4v10h14V8H5Zm2 2h4v3H7v-3Z',
};

export function Icon({ name }: { name: MenuIcon }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      className="fill-current"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
