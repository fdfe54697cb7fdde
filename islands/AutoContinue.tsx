import { useEffect } from 'react';
import { Button } from './ui/Button.tsx';

/** A link that the browser also follows by itself after `delayMs`; the link stays for those who act first. */
export function AutoContinue({ href, label, delayMs }: { href: string; label: string; delayMs: number }) {
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(href), delayMs);
    return () => clearTimeout(timer);
  }, [href, delayMs]);
  return (
    <Button href={href} size="xl">
      {label}
    </Button>
  );
}
