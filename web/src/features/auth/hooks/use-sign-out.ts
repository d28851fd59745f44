import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { queryRoots } from '@/lib/query-keys';
import { signOutMember } from '../sign-in';

/** Sign out: the sign-in and the impersonation flag go, then home with the 'Logged out' notice. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    const clean = await signOutMember();
    queryClient.removeQueries({ queryKey: queryRoots.me });
    await navigate('/');
    toast('Logged out', { description: clean ? 'You have been successfully logged out.' : 'You have been logged out.' });
  };
}
