import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startProcess, stopProcesses, waitForService, type Service } from './processes';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export type EmulatorPorts = { dynamodb: number; cognito: number; s3: number; ses: number };
export const buckets = { images: 'breathwork-images', media: 'breathwork-media' } as const;

/**
 * Starts the real AWS stand-ins: DynamoDB Local (the jar inside amplify-dynamodb-simulator),
 * cognito-local, s3rver and aws-ses-v2-local, all on loopback, with state under dataDir.
 */
export async function startEmulators(options: {
  ports: EmulatorPorts;
  dataDir: string;
  inMemory: boolean;
  siteOrigin: string;
}): Promise<Service[]> {
  const { ports, dataDir } = options;
  const logs = join(dataDir, 'logs');
  for (const dir of [logs, join(dataDir, 'dynamodb'), join(dataDir, 'cognito'), join(dataDir, 's3')]) {
    mkdirSync(dir, { recursive: true });
  }

  const emulator = join(packageDir('amplify-dynamodb-simulator'), 'emulator');
  const dynamoStorage = options.inMemory ? ['-inMemory'] : ['-dbPath', join(dataDir, 'dynamodb')];
  const corsFile = join(dataDir, 's3', 'cors.xml');
  writeFileSync(corsFile, corsConfiguration(options.siteOrigin));

  const services = [
    startProcess(
      'DynamoDB Local',
      'java',
      [
        `-Djava.library.path=${join(emulator, 'DynamoDBLocal_lib')}`,
        '-jar',
        join(emulator, 'DynamoDBLocal.jar'),
        '-sharedDb',
        ...dynamoStorage,
        '-port',
        String(ports.dynamodb),
        '-disableTelemetry',
      ],
      { logFile: join(logs, 'dynamodb.log') },
    ),
    startProcess('cognito-local', process.execPath, [join(packageDir('cognito-local'), 'lib/bin/start.js')], {
      cwd: join(dataDir, 'cognito'),
      env: { HOST: '127.0.0.1', PORT: String(ports.cognito) },
      logFile: join(logs, 'cognito.log'),
    }),
    startProcess(
      's3rver',
      process.execPath,
      [
        join(packageDir('s3rver'), 'bin/s3rver.js'),
        '-a',
        '127.0.0.1',
        '-p',
        String(ports.s3),
        '-d',
        join(dataDir, 's3', 'data'),
        '--allow-mismatched-signatures',
        '--no-vhost-buckets',
        '--silent',
        '--configure-bucket',
        buckets.images,
        corsFile,
        '--configure-bucket',
        buckets.media,
        corsFile,
      ],
      { logFile: join(logs, 's3.log') },
    ),
    startProcess(
      'aws-ses-v2-local',
      process.execPath,
      [join(packageDir('aws-ses-v2-local'), 'dist/cli.js'), '--host', '127.0.0.1', '--port', String(ports.ses)],
      { logFile: join(logs, 'ses.log') },
    ),
  ];
  const servicePorts = [ports.dynamodb, ports.cognito, ports.s3, ports.ses];
  try {
    await Promise.all(services.map((service, i) => waitForService(service, servicePorts[i])));
  } catch (error) {
    await stopProcesses(services);
    throw error;
  }
  return services;
}

function corsConfiguration(origin: string): string {
  return `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>
`;
}
