import { Outlet } from 'react-router';

export function Layout() {
  return (
    <div className="flex h-full">
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
