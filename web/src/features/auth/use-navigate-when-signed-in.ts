// After a sign-in the auth context still syncs the profile; go to '/' once it has published the
// user, so the Home screen never flashes the landing page or the login redirect.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../shared/session/auth-context';

export function useNavigateWhenSignedIn(target = '/') {
  const { currentUser, loading } = useAuth();
  const navigate = useNavigate();
  const [awaitedUid, setAwaitedUid] = useState<string | null>(null);

  useEffect(() => {
    if (awaitedUid && !loading && currentUser?.uid === awaitedUid) navigate(target, { replace: true });
  }, [awaitedUid, currentUser, loading, navigate, target]);

  return setAwaitedUid;
}
