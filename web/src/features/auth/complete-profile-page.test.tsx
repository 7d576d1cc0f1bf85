import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { GraphQLError } from 'graphql';
import CompleteProfilePage from './complete-profile-page';
import { CompleteProfileDocument } from '../../graphql/graphql';
import { authState, WithAuth } from '../../shared/lib/testing/test-auth-state';
import type { ProfileStatus } from '../../shared/session/auth-context';

jest.mock('../../shared/session/firebase', () => ({ auth: {} }));

const savedUser = {
  __typename: 'User' as const,
  id: 'student-a',
  displayName: 'Ada',
  photoURL: null,
  email: 'ada@uni.example',
  dateOfBirth: '2001-03-04',
};

function renderPage(mocks: ConstructorParameters<typeof MockedProvider>[0]['mocks'], profileStatus: ProfileStatus = 'incomplete') {
  const applySyncedUser = jest.fn();
  render(
    <MockedProvider mocks={mocks}>
      <WithAuth value={authState({ profileStatus, applySyncedUser })}>
        <MemoryRouter initialEntries={[{ pathname: '/complete-profile', state: { from: '/calendar' } }]}>
          <Routes>
            <Route path="/complete-profile" element={<CompleteProfilePage />} />
            <Route path="/calendar" element={<p>Calendar screen</p>} />
            <Route path="/" element={<p>Home feed</p>} />
          </Routes>
        </MemoryRouter>
      </WithAuth>
    </MockedProvider>,
  );
  return { user: userEvent.setup(), applySyncedUser };
}

describe('Complete your profile (D8)', () => {
  it('applies the 17+ rule before saving', async () => {
    const { user } = renderPage([]);
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(screen.getByText('You must be at least 17 years old to sign up')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Date of Birth'), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(screen.getByText('You must be at least 17 years old to sign up')).toBeInTheDocument();
  });

  it('saves the date of birth and continues where the user was going', async () => {
    const { user, applySyncedUser } = renderPage([
      {
        request: { query: CompleteProfileDocument, variables: { dateOfBirth: '2001-03-04' } },
        result: { data: { updateProfile: savedUser } },
      },
    ]);
    await user.type(screen.getByLabelText('Date of Birth'), '2001-03-04');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await screen.findByText('Calendar screen')).toBeInTheDocument();
    expect(applySyncedUser).toHaveBeenCalledWith(expect.objectContaining({ id: 'student-a', dateOfBirth: '2001-03-04' }));
  });

  it("shows the server's field message under the date", async () => {
    const error = new GraphQLError('Invalid input', {
      extensions: { code: 'BAD_USER_INPUT', fields: { dateOfBirth: 'You must be at least 17 years old to sign up' } },
    });
    const { user } = renderPage([
      { request: { query: CompleteProfileDocument, variables: { dateOfBirth: '2001-03-04' } }, result: { errors: [error] } },
    ]);
    await user.type(screen.getByLabelText('Date of Birth'), '2001-03-04');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await screen.findByText('You must be at least 17 years old to sign up')).toBeInTheDocument();
    expect(screen.queryByText('Calendar screen')).not.toBeInTheDocument();
  });

  it('sends a user whose profile is already complete home', () => {
    renderPage([], 'complete');
    expect(screen.getByText('Home feed')).toBeInTheDocument();
  });
});
