import { createFileRoute, redirect } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/dashboard-page';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ context }) => {
    if (!context.session.getUser()) throw redirect({ to: '/' });
  },
  component: DashboardPage,
});
