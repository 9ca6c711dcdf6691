import { errorMessage, errorStatus } from './api';

export interface ToastContent {
  title: string;
  description?: string;
}

/** The generic status-to-toast mapping of spec section 8. */
export function toastForError(error: unknown): ToastContent {
  const status = errorStatus(error);
  const message = errorMessage(error).toLowerCase();
  switch (status) {
    case 400:
      if (/too large|file size|5mb/.test(message)) {
        return {
          title: 'Invalid Request',
          description: 'File is too large. Please select a file smaller than 5MB.',
        };
      }
      if (/file type|image type|not an image/.test(message)) {
        return {
          title: 'Invalid Request',
          description: 'Invalid file type. Please select an image file (JPG, PNG, etc.).',
        };
      }
      return {
        title: 'Invalid Request',
        description: 'Invalid request. Please check your input and try again.',
      };
    case 401:
      return {
        title: 'Authentication Required',
        description: 'You need to be logged in to access this feature.',
      };
    case 403:
      return { title: 'Access Denied', description: "You don't have permission to access this resource." };
    case 404:
      return { title: 'Not Found', description: 'The requested resource was not found.' };
    case 409:
      return {
        title: 'Conflict',
        description: 'There was a conflict with the current state. Please refresh and try again.',
      };
    case 413:
      return {
        title: 'File Too Large',
        description: 'The file is too large. Please select a file smaller than 5MB.',
      };
    case 415:
      return {
        title: 'Unsupported File Type',
        description: 'This file type is not supported. Please select an image file (JPG, PNG, etc.).',
      };
    case 429:
      return { title: 'Rate Limited', description: 'Too many requests. Please wait a moment and try again.' };
    case 500:
      return {
        title: 'Server Error',
        description: 'Something went wrong on our side. Please try again in a moment.',
      };
    case 503:
      return {
        title: 'Service Unavailable',
        description: 'The service is temporarily unavailable. Please try again shortly.',
      };
    default:
      return { title: 'Error', description: errorMessage(error) || undefined };
  }
}
