// Loaded lazily by the router: every screen below it may use Apollo hooks.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { ApolloProvider } from '@apollo/client/react';
import { getApolloClient } from '../shared/lib/apollo-instance';

export default function ApolloBoundary({ children }: { children?: ReactNode }) {
  return <ApolloProvider client={getApolloClient()}>{children ?? <Outlet />}</ApolloProvider>;
}
