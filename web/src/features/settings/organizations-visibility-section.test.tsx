// Issue 26: the student chooses whether their profile lists the organizations they belong to.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdateShowOrganizationsDocument } from '../../graphql/graphql';
import { authValue, renderWithApollo } from '../../shared/lib/testing/render-with-apollo';
import { OrganizationsVisibilitySection } from './organizations-visibility-section';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('Settings: organizations on the profile', () => {
  it('hides them when switched off, and says so', async () => {
    const user = userEvent.setup();
    const sent = jest.fn(() => ({ data: { updateProfile: { __typename: 'User', id: 'viewer-1', showOrganizations: false } } }));
    renderWithApollo(<OrganizationsVisibilitySection viewerId="viewer-1" show />, {
      mocks: [{ request: { query: UpdateShowOrganizationsDocument, variables: { show: false } }, result: sent }],
    });
    const toggle = screen.getByRole('switch', { name: 'Show my organizations on my profile' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('status')).toHaveTextContent('Saved: your organizations are hidden from your profile.');
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('says why when the save fails', async () => {
    const user = userEvent.setup();
    renderWithApollo(<OrganizationsVisibilitySection viewerId="viewer-1" show={false} />, {
      mocks: [
        {
          request: { query: UpdateShowOrganizationsDocument, variables: { show: true } },
          result: { errors: [{ message: 'Too many requests.' }] },
        },
      ],
    });
    await user.click(screen.getByRole('switch', { name: 'Show my organizations on my profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
  });
});
