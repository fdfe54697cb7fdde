export function Logo() {
  return (
    <span className="flex items-center gap-2 font-bold text-purple-dark">
      <img src="/logo.svg" alt="" width="36" height="36" />
      <span>Passerelle Industrie</span>
    </span>
  );
}
