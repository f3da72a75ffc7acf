import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages are lazy: their first import is compiled on demand, slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });
