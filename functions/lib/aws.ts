import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsClientConfig } from './aws-client-config';

// Clients are created once per Lambda container. Endpoints come from the standard
// AWS_ENDPOINT_URL_<SERVICE> variables, which is all the local stack changes.
export const dynamoClient = new DynamoDBClient(awsClientConfig);
export const dynamo = DynamoDBDocumentClient.from(dynamoClient, {
  marshallOptions: { removeUndefinedValues: true },
});
