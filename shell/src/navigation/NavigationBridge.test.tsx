import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { navigate } from '@wishes/kit-session';
import { NavigationBridge } from './NavigationBridge';
import { LocationProbe } from '@wishes/kit-test';

it('moves the router when the bus asks', () => {
  render(
    <MemoryRouter initialEntries={['/compose']}>
      <NavigationBridge />
      <LocationProbe />
    </MemoryRouter>,
  );
  act(() => navigate('/wish/42'));
  expect(screen.getByTestId('location')).toHaveTextContent('/wish/42');
  act(() => navigate('/feed', { replace: true }));
  expect(screen.getByTestId('location')).toHaveTextContent('/feed');
});
