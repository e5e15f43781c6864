import { configure } from '@testing-library/react';

// antd renders slowly in happy-dom on a busy 2-core machine: findBy*/waitFor wait up to 15 s (the
// default 1 s failed under CI load), still failing when what they wait for never comes.
configure({ asyncUtilTimeout: 15_000 });
