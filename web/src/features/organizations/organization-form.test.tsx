import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import {
  CreateOrganizationDocument,
  OrganizationAbilityDocument,
  OrganizationPageDocument,
  UpdateOrganizationDocument,
} from '../../graphql/graphql';
import { authValue, renderWithApollo } from '../../shared/lib/testing/render-with-apollo';
import { ORGANIZATION_CAN, makeOrganization } from '../../shared/lib/testing/organization-fixtures';
import NewOrganizationPage from './new-organization-page';
import EditOrganizationPage from './edit-organization-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));
jest.mock('../../shared/lib/tus-upload', () => ({
  useTusUpload: () => ({ start: jest.fn(), progress: 0, status: 'idle', mediaUrl: null, error: null, reset: jest.fn() }),
}));

const ability = (createOrganization: boolean): MockLink.MockedResponse => ({
  request: { query: OrganizationAbilityDocument, variables: {} },
  result: { data: { viewerCan: { __typename: 'ViewerCan', createOrganization } } },
});

function renderAt(route: string, mocks: MockLink.MockedResponse[]) {
  return renderWithApollo(
    <Routes>
      <Route path="/organizations/new" element={<NewOrganizationPage />} />
      <Route path="/org/:slug/edit" element={<EditOrganizationPage />} />
      <Route path="/org/:slug" element={<p>Organization page</p>} />
    </Routes>,
    { route, mocks },
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('creating an organization (issue 26)', () => {
  it('suggests the address from the name, checks the fields by the shared rules, then creates it and opens its page', async () => {
    const user = userEvent.setup();
    const created = jest.fn(() => ({
      data: { createOrganization: makeOrganization({ slug: 'chess-go-club', name: 'Chess & Go Club' }, ORGANIZATION_CAN.owner) },
    }));
    renderAt('/organizations/new', [
      ability(true),
      {
        request: {
          query: CreateOrganizationDocument,
          variables: {
            input: { name: 'Chess & Go Club', slug: 'chess-go-club', description: 'Tuesdays.', category: 'ACADEMIC', joinMode: 'REQUEST' },
          },
        },
        result: created,
      },
    ]);
    const name = await screen.findByLabelText('Name');
    // Nothing chosen yet: the rules' words under each field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(screen.getByText('Organization name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please choose a category from the list')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, 'Chess & Go Club');
    expect(screen.getByLabelText('Short address')).toHaveValue('chess-go-club');
    await user.type(screen.getByLabelText('Description'), 'Tuesdays.');
    expect(screen.getByText('9/1000')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'Academic');
    await user.click(screen.getByRole('radio', { name: /By request/ }));
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('Organization page')).toBeInTheDocument();
    expect(created).toHaveBeenCalledTimes(1);
  });

  it("shows the api's field errors under their fields (an address already taken)", async () => {
    const user = userEvent.setup();
    renderAt('/organizations/new', [
      ability(true),
      {
        request: {
          query: CreateOrganizationDocument,
          variables: { input: { name: 'Film', slug: 'film', description: '', category: 'ARTS', joinMode: 'OPEN' } },
        },
        result: {
          errors: [
            {
              message: 'Argument Validation Error',
              extensions: { code: 'BAD_USER_INPUT', fields: { slug: 'This address is taken. Please choose another.' } },
            },
          ],
        },
      },
    ]);
    await user.type(await screen.findByLabelText('Name'), 'Film');
    await user.clear(screen.getByLabelText('Short address'));
    await user.type(screen.getByLabelText('Short address'), 'film');
    await user.selectOptions(screen.getByLabelText('Category'), 'Arts');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('This address is taken. Please choose another.')).toBeInTheDocument();
    expect(screen.getByLabelText('Short address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains instead of the form when the e-mail is not verified yet (the api says no)', async () => {
    renderAt('/organizations/new', [ability(false)]);
    expect(await screen.findByText(/Verify your e-mail to create an organization/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });
});

describe('editing an organization', () => {
  it('lets an officer change it, but not its address', async () => {
    const user = userEvent.setup();
    const organization = makeOrganization({ viewerRole: 'OFFICER', viewerMembership: 'MEMBER' }, ORGANIZATION_CAN.officer);
    renderAt('/org/chess-club/edit', [
      { request: { query: OrganizationPageDocument, variables: { slug: 'chess-club' } }, result: { data: { organization } } },
      {
        request: {
          query: UpdateOrganizationDocument,
          variables: {
            id: 'org-1',
            input: { name: 'Chess Society', description: 'We play on Tuesdays in the library.', category: 'ACADEMIC', joinMode: 'OPEN' },
          },
        },
        result: { data: { updateOrganization: { ...organization, name: 'Chess Society' } } },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Edit Chess Club' })).toBeInTheDocument();
    expect(screen.getByLabelText('Short address')).toHaveAttribute('readonly');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Chess Society');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Organization page')).toBeInTheDocument();
  });

  it('removes the picture when asked (the api takes an empty address as none)', async () => {
    const user = userEvent.setup();
    const organization = makeOrganization({ photoURL: '/media/images/chess.webp' }, ORGANIZATION_CAN.owner);
    const saved = jest.fn(() => ({ data: { updateOrganization: { ...organization, photoURL: null } } }));
    renderAt('/org/chess-club/edit', [
      { request: { query: OrganizationPageDocument, variables: { slug: 'chess-club' } }, result: { data: { organization } } },
      {
        request: {
          query: UpdateOrganizationDocument,
          variables: {
            id: 'org-1',
            input: {
              name: 'Chess Club',
              description: 'We play on Tuesdays in the library.',
              category: 'ACADEMIC',
              joinMode: 'OPEN',
              photoURL: '',
            },
          },
        },
        result: saved,
      },
    ]);
    expect(await screen.findByRole('img', { name: "Chess Club's picture" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(screen.queryByRole('img', { name: "Chess Club's picture" })).not.toBeInTheDocument();
    expect(screen.getByText('The picture goes when you save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Organization page')).toBeInTheDocument();
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('refuses someone who may not edit it', async () => {
    renderAt('/org/chess-club/edit', [
      {
        request: { query: OrganizationPageDocument, variables: { slug: 'chess-club' } },
        result: { data: { organization: makeOrganization() } },
      },
    ]);
    expect(await screen.findByText('Only the officers of this organization can edit it.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });
});
