import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { registerNavigate } from '../lib/navigation';

/** Hands the router's navigate to code outside React (API client, auth store). */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigate(navigate);
    return () => registerNavigate(undefined);
  }, [navigate]);
  return null;
}
